import { Pagination, Type, toIso, type Static } from '@zapdesk/plugin-api'
import type { ContactJson } from '@zapdesk/contacts/public'
import { SCHEDULE_STATUSES, type Schedule } from './models.ts'

const Nullable = <T extends 'string' | 'integer'>(type: T) => Type.Unsafe<T extends 'string' ? string | null : number | null>({ type: [type, 'null'] })

export const ScheduleDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  body: Type.String(),
  contactId: Type.Integer(),
  /** The contact as the list shows it; null only in the moment its deletion takes the schedule along. */
  contact: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), number: Type.String() }), Type.Null()]),
  sendAt: Type.String(),
  /** When the message went into the contact's ticket; a schedule is editable while this is null. */
  sentAt: Nullable('string'),
  status: Type.Union(SCHEDULE_STATUSES.map((s) => Type.Literal(s))),
  /** Why the last attempt failed (an ERR_ code the web translates). */
  error: Nullable('string'),
  mediaPath: Nullable('string'),
  mediaName: Nullable('string'),
  userId: Nullable('integer'),
  /** The ticket the message went into, once sent. */
  ticketId: Nullable('integer'),
  createdAt: Nullable('string'),
  updatedAt: Nullable('string'),
})
export type ScheduleJson = Static<typeof ScheduleDto>

/** The spec: body at least 5 characters ('Mensagem muito curta'); contact and send time required. */
export const BODY_MIN = 5
// At least 5 once trimmed: checked by the service, which answers the spec's text.
const Body = Type.String({ minLength: 1, maxLength: 10_000 })
const ContactId = Type.Integer({ minimum: 1, maximum: 2147483647 })
/** An instant with its zone (the web sends toISOString()); a time without a zone is refused, never guessed. */
const Instant = Type.String({ format: 'date-time', maxLength: 40 })

export const CreateBody = Type.Object({ body: Body, contactId: ContactId, sendAt: Instant })
export const UpdateBody = Type.Partial(CreateBody)
export type CreateInput = Static<typeof CreateBody>
export type UpdateInput = Static<typeof UpdateBody>

export const ListQuery = Type.Intersect([Pagination, Type.Object({
  contactId: Type.Optional(ContactId),
  userId: Type.Optional(ContactId),
  /** The calendar's window: schedules whose sendAt is in [from, to). */
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
})])
export type ListInput = Static<typeof ListQuery>

export const scheduleDto = (s: Schedule, contact: ContactJson | undefined): ScheduleJson => ({
  id: s.id, companyId: s.companyId, body: s.body, contactId: s.contactId,
  contact: contact ? { id: contact.id, name: contact.name, number: contact.number ?? '' } : null,
  sendAt: toIso(s.sendAt)!, sentAt: toIso(s.sentAt), status: s.status, error: s.error ?? null,
  mediaPath: s.mediaPath ?? null, mediaName: s.mediaName ?? null, userId: s.userId ?? null, ticketId: s.ticketId ?? null,
  createdAt: toIso(s.createdAt), updatedAt: toIso(s.updatedAt),
})
