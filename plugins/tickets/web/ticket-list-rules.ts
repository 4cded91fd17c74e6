import type { AppMessageEvent, Ticket, TicketEvent, TicketStatus } from './types.ts'

/** What a list shows, as far as the browser can judge a ticket on its own (for live events). */
export interface ListScope {
  /** Absent: any status (the search tab). */
  status?: TicketStatus
  showAll: boolean
  /** null: every queue (no queue filter). */
  queueIds: number[] | null
  withUnreadMessages: boolean
  meId: number
  /**
   * 'update-only' lists (search results) cannot judge a text search, so live events only refresh or drop the rows
   * they already show, never add new ones.
   */
  mode: 'full' | 'update-only'
}

export interface TicketListState {
  items: Ticket[]
  /** The server's total when it sent one (kept in step with live changes); null: the loaded rows are the count. */
  total: number | null
  page: number
  hasMore: boolean
  loading: boolean
  error: boolean
}

export const emptyList = (): TicketListState => ({ items: [], total: null, page: 0, hasMore: true, loading: false, error: false })

export const shownCount = (s: TicketListState): number => s.total ?? s.items.length

/**
 * Whether a ticket belongs in a list: its status; someone else's ticket only with show-all (pending ones are
 * everyone's to take); its queue among the chosen ones, a ticket without queue ('SEM FILA') always; unread only
 * when that toggle is on.
 */
export function ticketMatches(t: Ticket, scope: ListScope): boolean {
  if (scope.status && t.status !== scope.status) return false
  if (!scope.showAll && t.status !== 'pending' && t.userId != null && t.userId !== scope.meId) return false
  if (t.queueId != null && scope.queueIds && !scope.queueIds.includes(t.queueId)) return false
  if (scope.withUnreadMessages && !(t.unreadMessages > 0)) return false
  return true
}

const time = (t: Ticket) => {
  const n = Date.parse(t.updatedAt)
  return Number.isNaN(n) ? 0 : n
}

/** Newest activity first; equal times keep their order (Array.prototype.sort is stable). */
export const sortTickets = (items: Ticket[]): Ticket[] => items.slice().sort((a, b) => time(b) - time(a))

function removeId(s: TicketListState, id: number): TicketListState {
  if (!s.items.some((t) => t.id === id)) return s
  return { ...s, items: s.items.filter((t) => t.id !== id), total: s.total == null ? null : Math.max(0, s.total - 1) }
}

/** Puts a fresh copy of a ticket where it belongs: refreshed, inserted, or dropped from this list. */
export function placeTicket(s: TicketListState, ticket: Ticket, scope: ListScope): TicketListState {
  const idx = s.items.findIndex((t) => t.id === ticket.id)
  if (!ticketMatches(ticket, scope)) return removeId(s, ticket.id)
  if (idx === -1) {
    if (scope.mode === 'update-only') return s
    return { ...s, items: sortTickets([ticket, ...s.items]), total: s.total == null ? null : s.total + 1 }
  }
  const items = s.items.slice()
  items[idx] = { ...items[idx], ...ticket }
  return { ...s, items: sortTickets(items) }
}

export function applyTicketEvent(s: TicketListState, e: TicketEvent, scope: ListScope): TicketListState {
  switch (e.action) {
    case 'update':
      return e.ticket ? placeTicket(s, e.ticket, scope) : s
    case 'delete':
      return removeId(s, e.ticketId)
    case 'updateUnread': {
      if (e.ticket) return placeTicket(s, e.ticket, scope)
      const current = s.items.find((t) => t.id === e.ticketId)
      // a bare frame (no count) says only "changed": the caller fetches the ticket (see needsRefresh)
      if (!current || typeof e.unreadMessages !== 'number') return s
      return placeTicket(s, { ...current, unreadMessages: e.unreadMessages }, scope)
    }
    default:
      return s
  }
}

/**
 * The server's updateUnread frame names the ticket without its count (a message arrived, or someone read it): a
 * list showing that ticket has to ask for it again.
 */
export const needsRefresh = (s: TicketListState, e: TicketEvent): boolean =>
  e.action === 'updateUnread' && !e.ticket && typeof e.unreadMessages !== 'number' && s.items.some((t) => t.id === e.ticketId)

/** A new message brings its ticket to the top (new last message, time, unread count); edits refresh in place. */
export function applyAppMessage(s: TicketListState, e: AppMessageEvent, scope: ListScope): TicketListState {
  if (!e.ticket) return s
  if (e.action === 'create') return placeTicket(s, e.ticket, scope)
  return s.items.some((t) => t.id === e.ticket.id) ? placeTicket(s, e.ticket, { ...scope, mode: 'update-only' }) : s
}

/** Appends a loaded page; rows a live event already added are replaced by the server's copy. */
export function pageLoaded(s: TicketListState, page: number, tickets: Ticket[], hasMore: boolean, total?: number): TicketListState {
  const base = page === 1 ? [] : s.items
  const incoming = new Set(tickets.map((t) => t.id))
  return {
    items: [...base.filter((t) => !incoming.has(t.id)), ...tickets],
    total: total ?? (page === 1 ? null : s.total),
    page,
    hasMore,
    loading: false,
    error: false,
  }
}
