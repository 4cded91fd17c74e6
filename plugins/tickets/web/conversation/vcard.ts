/** The name and number of a shared contact card (vCard text in the message body). */
export interface VcardParts {
  name: string
  number: string
}

export function parseVcard(body: string | null | undefined): VcardParts {
  const text = body ?? ''
  if (!/BEGIN:VCARD/i.test(text)) return { name: text.trim(), number: '' }
  const name = /^FN[^:]*:(.*)$/im.exec(text)?.[1]?.trim() ?? ''
  const tel = /^(?:item\d+\.)?TEL([^:]*):(.*)$/im.exec(text)
  // WhatsApp puts the plain number in `waid=`; the visible value may be formatted or carry a +.
  const waid = tel ? /waid=(\d+)/i.exec(tel[1])?.[1] : undefined
  const number = waid ?? (tel ? tel[2].replace(/[^\d+]/g, '') : '')
  return { name, number }
}
