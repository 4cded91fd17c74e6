import { Type } from '@zapdesk/plugin-api'

/** yyyy-MM-dd; the handlers also refuse days the calendar lacks (2030-02-31) and years outside 1900-2999. */
const Day = Type.String({ format: 'date', maxLength: 10 })
const NullableNumber = Type.Union([Type.Number(), Type.Null()])

export const DashboardQuery = Type.Object({
  /** The last N days up to now; 0 counts as not given (the spec's filter needs one of the three). */
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
})

export const Counters = Type.Object({
  supportHappening: Type.Integer({ description: 'open tickets now' }),
  supportPending: Type.Integer({ description: 'pending tickets now' }),
  supportFinished: Type.Integer({ description: 'service cycles finished in the range' }),
  leads: Type.Integer({ description: 'contacts created in the range (the "Novos Contatos" card)' }),
  avgSupportTime: Type.Number({ description: 'minutes from acceptance to finish, cycles finished in the range; 0 without any' }),
  avgWaitTime: Type.Number({ description: 'minutes from start to acceptance, cycles accepted in the range; 0 without any' }),
})

export const Attendant = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  rating: Type.Union([Type.Number(), Type.Null()], { description: 'average (1-3) of the ratings in the range' }),
  avgSupportTime: NullableNumber,
  avgWaitTime: NullableNumber,
  tickets: Type.Integer({ description: 'service cycles started in the range and assigned to the attendant' }),
  online: Type.Boolean(),
})

export const DashboardAnswer = Type.Object({ counters: Counters, attendants: Type.Array(Attendant) })

export const ChartQuery = Type.Object({
  initialDate: Day,
  finalDate: Day,
  /** Sent by the spec's client; only one's own company, or any for a super user. */
  companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
})

export const TicketsUsersAnswer = Type.Object({
  data: Type.Array(Type.Object({ userId: Type.Integer(), nome: Type.String(), quantidade: Type.Integer() })),
})

export const TicketsDayAnswer = Type.Object({
  data: Type.Array(Type.Object({
    /** HH, when the range is one day. */
    horario: Type.Optional(Type.String()),
    /** yyyy-MM-dd, when the range is longer. */
    data: Type.Optional(Type.String()),
    total: Type.Integer(),
  })),
  count: Type.Integer(),
})
