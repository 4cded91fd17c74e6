import { Type, type Static } from '@zapdesk/plugin-api'

const NullableString = Type.Union([Type.String(), Type.Null()])
const NullableId = Type.Union([Type.Integer(), Type.Null()])

/**
 * A card of the board. Its fields are a subset of the tickets plugin's ticket JSON (same names and shapes), so the
 * board can take a card from either this plugin's `kanban` frames or the tickets plugin's `ticket` frames.
 */
export const KanbanTicketDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  status: Type.String(),
  queueId: NullableId,
  userId: NullableId,
  contact: Type.Object({ id: Type.Integer(), name: Type.String(), number: NullableString, profilePicUrl: NullableString }),
  lastMessage: NullableString,
  unreadMessages: Type.Integer(),
  updatedAt: NullableString,
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String(), kanban: Type.Integer({ minimum: 0, maximum: 1 }) })),
})
export type KanbanTicket = Static<typeof KanbanTicketDto>

export const KanbanPage = Type.Object({ tickets: Type.Array(KanbanTicketDto), count: Type.Integer(), hasMore: Type.Boolean() })

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
export const TicketParams = Type.Object({ ticketId: Id })
export const TicketTagParams = Type.Object({ ticketId: Id, tagId: Id })

export const KanbanQuery = Type.Object({
  // The spec's web app sends its queues as a JSON array string (`queueIds=[1,2]`); the pattern admits only that.
  queueIds: Type.Optional(Type.String({ maxLength: 2000, pattern: '^\\[\\s*((0|[1-9][0-9]{0,9})\\s*(,\\s*(0|[1-9][0-9]{0,9})\\s*)*)?\\]$' })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
})
