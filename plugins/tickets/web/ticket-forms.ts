/** Rules of the new-ticket and transfer forms (spec section 5), as i18n keys of the tickets namespace. */
export interface NewTicketDraft {
  contactId: number | null
  queueId: number | null
  whatsappId: number | null
}

export type DraftErrors = Partial<Record<'contact' | 'queue', string>>

/** A queue is required unless the user is an admin ('Selecione uma fila'). */
export function validateNewTicket(d: NewTicketDraft, isAdmin: boolean): DraftErrors {
  const errors: DraftErrors = {}
  if (d.contactId == null) errors.contact = 'tickets:newTicket.contactRequired'
  if (d.queueId == null && !isAdmin) errors.queue = 'tickets:newTicket.queueRequired'
  return errors
}

/** POST /tickets: a new ticket is created open and assigned to its creator (spec section 4). */
export function newTicketBody(d: NewTicketDraft, meId: number) {
  return { contactId: d.contactId, queueId: d.queueId, whatsappId: d.whatsappId, userId: meId, status: 'open' as const }
}

/** Transfer needs a queue (spec: "needs a ticket id and a queue"). */
export const validateTransfer = (queueId: number | null): DraftErrors => (queueId == null ? { queue: 'tickets:newTicket.queueRequired' } : {})

/** The transfer modal's user search: from 3 characters, by any part of the name, case and accents ignored. */
export function matchUsers<T extends { name: string }>(users: T[], term: string, min = 3): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const q = fold(term.trim())
  if (q.length < min) return []
  return users.filter((u) => fold(u.name).includes(q))
}

/** Parses a <select> value where '' means "none". */
export const idOrNull = (v: string): number | null => (v === '' ? null : Number(v))
