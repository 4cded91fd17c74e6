import type { FastifyInstance } from 'fastify'

/** The identity fields of a contact (as `app.contacts` answers them). */
interface ContactIdentityRow {
  number: string | null
  lid: string | null
  isGroup: boolean | number
}

/**
 * The chat jid of a contact as the connections plugin takes it in `to` and in message refs: a group's id
 * (`<id>@g.us`), else the phone number (`<digits>@s.whatsapp.net`), else the LID (`<id>@lid`, stored as a jid).
 */
export function contactJid(contact: ContactIdentityRow): string | null {
  if (contact.isGroup) return contact.number ? `${contact.number}@g.us` : null
  if (contact.number) return `${contact.number}@s.whatsapp.net`
  if (contact.lid) return contact.lid.includes('@') ? contact.lid : `${contact.lid}@lid`
  return null
}

/** The chat jid of one of the company's contacts, or null when it is gone or has no identity to send to. */
export async function loadContactJid(app: FastifyInstance, companyId: number, contactId: number): Promise<string | null> {
  const row = await app.contacts.find(companyId, contactId)
  return row ? contactJid(row) : null
}
