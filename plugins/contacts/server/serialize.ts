import { Type, Pagination, toIso } from '@zapdesk/plugin-api'
import type { Contact, ContactCustomField } from './models.ts'

/** The spec's form bounds: name 2 to 50, number 8 to 50 characters (mask included), email valid or empty. */
export const ContactName = Type.String({ minLength: 2, maxLength: 50, pattern: '\\S' })
export const ContactNumber = Type.String({ minLength: 8, maxLength: 50, pattern: '^[0-9 ()+.-]{8,50}$' })
export const ContactEmail = Type.Union([Type.String({ format: 'email', maxLength: 200 }), Type.Literal('')])
export const ExtraInfoInput = Type.Array(Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  value: Type.String({ maxLength: 1000 }),
}), { maxItems: 50 })

export const CreateBody = Type.Object({
  name: ContactName,
  number: ContactNumber,
  email: Type.Optional(ContactEmail),
  extraInfo: Type.Optional(ExtraInfoInput),
})
export const UpdateBody = Type.Partial(CreateBody)

const Day = Type.String({ format: 'date' })
export const ListQuery = Type.Intersect([Pagination, Type.Object({ date: Type.Optional(Day), dateStart: Type.Optional(Day), dateEnd: Type.Optional(Day) })])

/** Written by its type, not checked value by value (core/http/nullable-types.ts). */
const NullableString = Type.Union([Type.String(), Type.Null()])

export const ExtraInfoDto = Type.Object({ id: Type.Integer(), name: Type.String(), value: Type.String() })
export const ContactDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  number: NullableString,
  email: Type.String(),
  profilePicUrl: NullableString,
  isGroup: Type.Boolean(),
  lid: NullableString,
  createdAt: NullableString,
  updatedAt: NullableString,
  extraInfo: Type.Optional(Type.Array(ExtraInfoDto)),
})
export const ContactPage = Type.Object({ contacts: Type.Array(ContactDto), count: Type.Integer(), hasMore: Type.Boolean() })

export type ContactJson = {
  id: number; companyId: number; name: string; number: string | null; email: string; profilePicUrl: string | null
  isGroup: boolean; lid: string | null; createdAt: string | null; updatedAt: string | null
  extraInfo?: Array<{ id: number; name: string; value: string }>
}

/** The columns a contact's JSON is made of: a Contact, or a plain row of these (flags as 0/1, dates as the driver returns them). */
export const CONTACT_COLUMNS = ['id', 'companyId', 'name', 'number', 'email', 'profilePicUrl', 'isGroup', 'lid', 'createdAt', 'updatedAt'] as const
export type ContactRow = Pick<Contact, 'id' | 'companyId' | 'name' | 'number' | 'email' | 'profilePicUrl' | 'lid'> & { isGroup: unknown; createdAt?: unknown; updatedAt?: unknown }

export function contactDto(c: ContactRow, extra?: ContactCustomField[]): ContactJson {
  return {
    id: c.id, companyId: c.companyId, name: c.name, number: c.number ?? null, email: c.email ?? '', profilePicUrl: c.profilePicUrl ?? null,
    isGroup: Boolean(c.isGroup), lid: c.lid ?? null, createdAt: toIso(c.createdAt), updatedAt: toIso(c.updatedAt),
    ...(extra ? { extraInfo: extra.map((f) => ({ id: f.id, name: f.name, value: f.value })) } : {}),
  }
}
