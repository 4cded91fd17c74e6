import { api } from '@zapdesk/plugin-api/web'
import type { Ticket } from './types.ts'
import type { TicketUpdate } from './ticket-bodies.ts'

export const updateTicket = (id: number, body: TicketUpdate) => api.put<Ticket>(`/tickets/${id}`, body)
export const deleteTicket = (id: number) => api.del(`/tickets/${id}`)
export const ticketByUuid = (uuid: string, signal?: AbortSignal) => api.get<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`, { signal })
