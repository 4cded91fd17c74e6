import { Type } from '@zapdesk/plugin-api'
import { TicketDto } from './serialize.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const NullableId = Type.Union([Id, Type.Null()])
const Status = Type.Union([Type.Literal('pending'), Type.Literal('open'), Type.Literal('closed')])
const Day = Type.String({ format: 'date' })
/** The web app sends these lists as JSON strings ('[1,2]'); list-query.ts parses them (bad JSON: 400, never 500). */
const JsonIds = Type.String({ maxLength: 2000, description: 'JSON array of ids, e.g. [1,2]' })

export const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  status: Type.Optional(Status),
  /** yyyy-mm-dd (UTC): tickets created that day. */
  date: Type.Optional(Day),
  /** yyyy-mm-dd (UTC): tickets last updated that day. */
  updatedAt: Type.Optional(Day),
  showAll: Type.Optional(Type.Boolean()),
  withUnreadMessages: Type.Optional(Type.Boolean()),
  tags: Type.Optional(JsonIds),
  users: Type.Optional(JsonIds),
  queueIds: Type.Optional(JsonIds),
})

export const TicketPage = Type.Object({ tickets: Type.Array(TicketDto), hasMore: Type.Boolean() })

export const UuidParams = Type.Object({ uuid: Type.String({ pattern: '^[0-9a-fA-F-]{36}$' }) })

export const CreateBody = Type.Object({
  contactId: Id,
  /** Required unless the caller is an admin (ERR_QUEUE_REQUIRED, the spec's 'Selecione uma fila'). */
  queueId: Type.Optional(NullableId),
  /** Absent or null: the company's default connection. */
  whatsappId: Type.Optional(NullableId),
  /** Who holds the new ticket; the caller when absent. */
  userId: Type.Optional(NullableId),
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('pending')])),
})

export const UpdateBody = Type.Object({
  status: Type.Optional(Status),
  userId: Type.Optional(NullableId),
  queueId: Type.Optional(NullableId),
  whatsappId: Type.Optional(Id),
  useIntegration: Type.Optional(Type.Boolean()),
  promptId: Type.Optional(NullableId),
  integrationId: Type.Optional(NullableId),
})

export const NoteDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  note: Type.String(),
  ticketId: Type.Integer(),
  contactId: Type.Integer(),
  userId: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  createdAt: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
  updatedAt: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
})

export const NoteListQuery = Type.Object({ contactId: Id, ticketId: Id })

export const NoteBody = Type.Object({
  /** At least 2 characters once trimmed ('Too Short!': ERR_NOTE_TOO_SHORT). */
  note: Type.String({ maxLength: 5000 }),
  ticketId: Id,
  contactId: Id,
})
