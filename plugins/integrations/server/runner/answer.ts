/**
 * What an n8n flow or a webhook may answer (JSON, optional): messages for the customer and whether it hands the
 * ticket back. `{ "messages": ["Olá!", { "text": "..." }], "handBack": true }`; `reply` (one text) and `end` are
 * accepted as the same.
 */
export interface HookAnswer {
  messages: string[]
  handBack: boolean
}

const textOf = (m: unknown): string | null => {
  if (typeof m === 'string') return m
  if (m && typeof m === 'object') {
    const o = m as Record<string, unknown>
    for (const key of ['text', 'body', 'message']) if (typeof o[key] === 'string') return o[key] as string
  }
  return null
}

export function readHookAnswer(raw: string, contentType: string | undefined): HookAnswer {
  const none = { messages: [], handBack: false }
  if (!contentType?.includes('json') || !raw.trim()) return none
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return none
  }
  // n8n's "Respond to Webhook" often wraps the answer in an array of items.
  const item = (Array.isArray(json) ? json[0] : json) as Record<string, unknown> | undefined
  if (!item || typeof item !== 'object') return none
  const list = Array.isArray(item.messages) ? item.messages : typeof item.reply === 'string' ? [item.reply] : []
  return {
    messages: list.map(textOf).filter((t): t is string => Boolean(t && t.trim())).slice(0, 20),
    handBack: item.handBack === true || item.end === true,
  }
}
