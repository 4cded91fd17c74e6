import type { TicketStatus } from './types.ts'

/** The list panel's tabs: the open tab's two sub-tabs are lists of their own. */
export type TicketTab = 'open' | 'pending' | 'closed' | 'search'

export interface TicketFilter {
  tab: TicketTab
  /** Typed text (search tab only), already debounced by the caller. */
  searchParam: string
  tags: number[]
  /** Users filter: admins only (the caller passes [] for others). */
  users: number[]
  /**
   * The queues chosen in the queue filter; tickets without a queue ('SEM FILA') always come along. null: all of
   * them, so nothing is sent and the server's visibility alone decides (an agent then also sees a ticket handed to
   * them in a queue that is not theirs).
   */
  queueIds: number[] | null
  showAll: boolean
  withUnreadMessages: boolean
}

export type TicketQuery = Record<string, string | number | boolean | undefined>

export const statusOfTab = (tab: TicketTab): TicketStatus | undefined => (tab === 'search' ? undefined : tab)

/**
 * GET /tickets parameters of the spec: lists as JSON strings, empty filters left out so the server's defaults
 * apply. The search tab looks across statuses and, as in the product it replaces, across agents (the server still
 * limits it to what the user may see); the status tabs honour the show-all switch.
 */
export function ticketQuery(f: TicketFilter, pageNumber: number): TicketQuery {
  const search = f.tab === 'search'
  const q: TicketQuery = {
    pageNumber,
    status: statusOfTab(f.tab),
    showAll: search ? true : f.showAll,
  }
  if (f.queueIds) q.queueIds = JSON.stringify(f.queueIds)
  if (f.withUnreadMessages) q.withUnreadMessages = true
  if (search) {
    const term = f.searchParam.trim()
    if (term) q.searchParam = term
    if (f.tags.length) q.tags = JSON.stringify(f.tags)
    if (f.users.length) q.users = JSON.stringify(f.users)
  }
  return q
}

/** A key that changes whenever the list must start over from page 1. */
export const filterKey = (f: TicketFilter): string => JSON.stringify(ticketQuery(f, 1))
