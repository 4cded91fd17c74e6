import type { FastifyInstance } from 'fastify'
import type { ChatIdentity, ContactIdentity } from '@zapdesk/connections/public'

/** A contact as the realtime frames show it (the ticket's contact, a message's author). */
export type ContactRow = { id: number; name: string; number: string | null; profilePicUrl: string | null; isGroup: boolean }

export interface ChatContacts {
  /** The ticket's contact: the person, or the group. */
  contact: { id: number; name: string; number: string | null; isGroup: boolean }
  /** Who wrote it: the person in a 1:1 chat, the participant in a group, null for our own messages. */
  authorId: number | null
  /** The contact was created for this message: it has no tickets yet. */
  created: boolean
  /** The rows of the contact and the author as read or written here, for the realtime frames. */
  rows: ContactRow[]
}

export const rowOf = (c: ContactRow): ContactRow => ({ id: c.id, name: c.name, number: c.number ?? null, profilePicUrl: c.profilePicUrl ?? null, isGroup: Boolean(c.isGroup) })

export function identityInput(who: ContactIdentity, withName: boolean) {
  return { number: who.number ?? null, lid: who.lid ?? (who.jid.endsWith('@lid') ? who.jid : null), ...(withName && who.name ? { name: who.name } : {}) }
}

/**
 * One contact per person whether WhatsApp shows the number, the LID or both (the contacts plugin matches either and
 * fills in the other). A group is a contact too; its participants become contacts so a group message names its author.
 */
export async function chatContacts(app: FastifyInstance, companyId: number, chat: ChatIdentity, fromMe: boolean, sender?: ContactIdentity): Promise<ChatContacts> {
  const input = chat.isGroup
    ? { number: chat.number ?? chat.jid, isGroup: true, ...(chat.name ? { name: chat.name } : {}) }
    // Our own message names us, not the contact: only the contact's messages carry its name.
    : identityInput(chat, !fromMe)
  const { contact, created } = await app.contacts.findOrCreateContact(companyId, input)
  const chatContact = { id: contact.id, name: contact.name, number: contact.number, isGroup: contact.isGroup }
  const rows = [rowOf(contact)]
  if (fromMe) return { contact: chatContact, authorId: null, created, rows }
  if (!chat.isGroup || !sender) return { contact: chatContact, authorId: contact.id, created, rows }
  const author = await app.contacts.findOrCreateContact(companyId, identityInput(sender, true))
  return { contact: chatContact, authorId: author.contact.id, created, rows: [...rows, rowOf(author.contact)] }
}

/** A 1:1 chat's contacts once its contact is known (the group commit resolves a batch's contacts at once). */
export function oneToOneContacts(contact: ContactRow, created: boolean, fromMe: boolean): ChatContacts {
  return { contact: { id: contact.id, name: contact.name, number: contact.number, isGroup: contact.isGroup }, authorId: fromMe ? null : contact.id, created, rows: [rowOf(contact)] }
}
