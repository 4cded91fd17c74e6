/**
 * Spec: messages are signed by default with the user's name in bold (WhatsApp's *bold*); the choice is kept in
 * local storage. The server stores and sends the body exactly as the web gives it.
 */
export const SIGNATURE_KEY = 'signOption'

/** Absent or unreadable means the default: signed. */
export const readSignOption = (raw: string | null | undefined): boolean => raw !== 'false'

export function signBody(body: string, userName: string | null | undefined, signed: boolean): string {
  const name = (userName ?? '').trim()
  if (!signed || !name || !body) return body
  return `*${name}:*\n${body}`
}
