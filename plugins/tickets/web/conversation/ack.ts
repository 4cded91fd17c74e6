/**
 * Delivery state of an own message, for its tick icon (spec: ack 0 clock, 1 single tick, 2 double grey,
 * 3 to 5 double blue). A failed send wins over any ack: the agent must see that the contact got nothing.
 */
export type AckState = 'failed' | 'pending' | 'sent' | 'delivered' | 'read'

export interface AckFields {
  fromMe: boolean
  ack: number | null | undefined
  sendStatus?: string | null
}

export function ackState(m: AckFields): AckState | null {
  if (!m.fromMe) return null
  if (m.sendStatus === 'failed') return 'failed'
  // A row the server marks sent already left for WhatsApp, even before its first ack arrives.
  const ack = Math.max(Number(m.ack) || 0, m.sendStatus === 'sent' ? 1 : 0)
  if (ack <= 0) return 'pending'
  if (ack === 1) return 'sent'
  if (ack === 2) return 'delivered'
  return 'read'
}
