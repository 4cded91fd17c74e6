/** The ticket that ERR_OTHER_OPEN_TICKET points at (spec: "a JSON string with the existing ticket"). */
export interface OtherOpenTicket {
  id?: number
  uuid?: string
  userId: number | null
  userName?: string
  queueName?: string
}

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)

function parse(v: unknown): Record<string, unknown> | null {
  if (typeof v !== 'string') return obj(v)
  try {
    return obj(JSON.parse(v))
  } catch {
    return null
  }
}

/**
 * Reads the existing ticket from an ERR_OTHER_OPEN_TICKET failure, wherever the server put it: the error's
 * details, or its message as a JSON string (the product this replaces did the latter); `{ ticket }` or the ticket.
 */
export function otherOpenTicket(error: unknown): OtherOpenTicket | null {
  const e = obj(error)
  if (!e || e.code !== 'ERR_OTHER_OPEN_TICKET') return null
  const found = parse(e.details) ?? parse(e.message)
  const ticket = obj(found?.ticket) ?? found
  if (!ticket) return { userId: null }
  const user = obj(ticket.user)
  const queue = obj(ticket.queue)
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined)
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)
  return {
    id: num(ticket.id),
    uuid: str(ticket.uuid),
    userId: num(ticket.userId) ?? num(user?.id) ?? null,
    userName: str(user?.name) ?? str(ticket.userName),
    queueName: str(queue?.name) ?? str(ticket.queueName),
  }
}

/** Spec: held by another user, say who and in which queue; otherwise just open it. */
export const heldByOther = (other: OtherOpenTicket, meId: number | undefined): boolean => other.userId != null && other.userId !== meId
