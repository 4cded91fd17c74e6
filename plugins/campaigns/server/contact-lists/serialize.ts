import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import type { ContactList, ContactListItem } from '../models.ts'

export const ContactListDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  contactsCount: Type.Integer(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type ContactListJson = Static<typeof ContactListDto>

export const ContactListItemDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  contactListId: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  /** null: not checked yet (no connected connection when it was saved). */
  isWhatsappValid: Type.Union([Type.Boolean(), Type.Null()]),
})
export type ContactListItemJson = Static<typeof ContactListItemDto>

/** The spec: name required, 2 to 50 characters. */
export const ListBody = Type.Object({ name: Type.String({ minLength: 2, maxLength: 50, pattern: '\\S' }) })

/**
 * The spec: name required 2-50; number optional, 8-50 characters (kept as its digits); email valid when given.
 * companyId is the web app's; the caller's company is what counts.
 */
export const ItemBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50, pattern: '\\S' }),
  number: Type.Optional(Type.Union([Type.Literal(''), Type.String({ minLength: 8, maxLength: 50, pattern: '^[\\d\\s()+.-]*\\d[\\d\\s()+.-]*$' })])),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 255, format: 'email' })])),
  companyId: Type.Optional(Type.Integer({ minimum: 1 })),
  contactListId: Type.Integer({ minimum: 1 }),
})
export const ItemUpdateBody = Type.Partial(Type.Omit(ItemBody, ['contactListId']))

export const listDto = (l: ContactList, contactsCount: number): ContactListJson => ({
  id: l.id, companyId: l.companyId, name: l.name, contactsCount, createdAt: toIso(l.createdAt), updatedAt: toIso(l.updatedAt),
})

export const itemDto = (i: ContactListItem): ContactListItemJson => ({
  id: i.id, companyId: i.companyId, contactListId: i.contactListId, name: i.name, number: i.number ?? '', email: i.email ?? '',
  isWhatsappValid: i.isWhatsappValid ?? null,
})

/** A number as stored: its digits (the masks people type are dropped). */
export const digitsOf = (number: string | undefined): string => (number ?? '').replace(/\D/g, '')
