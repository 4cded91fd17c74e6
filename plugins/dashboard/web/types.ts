/** Answers of the dashboard's calls (server: plugins/dashboard/server/schemas.ts). */
export interface Counters {
  supportHappening: number
  supportPending: number
  supportFinished: number
  leads: number
  avgSupportTime: number
  avgWaitTime: number
}

export interface Attendant {
  id: number
  name: string
  rating: number | null
  avgSupportTime: number | null
  avgWaitTime: number | null
  tickets: number
  online: boolean
}

export interface DashboardAnswer {
  counters: Counters
  attendants: Attendant[]
}

export interface TicketsUsersAnswer {
  data: Array<{ userId: number; nome: string; quantidade: number }>
}

export interface TicketsDayAnswer {
  data: Array<{ horario?: string; data?: string; total: number }>
  count: number
}
