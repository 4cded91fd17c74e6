/**
 * Turns a chronological message list into what the list draws: day separators, ticket start/end separators and
 * the messages. Pure, so the grouping rules are unit tested without a DOM.
 */
export interface TimelineMessage {
  id: number
  ticketId: number
  createdAt: string
}

export type TimelineItem<M extends TimelineMessage> =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'ticketStart'; key: string; ticketId: number }
  | { kind: 'ticketEnd'; key: string; ticketId: number }
  | { kind: 'message'; key: string; message: M }

const pad = (n: number) => String(n).padStart(2, '0')

/** dd/MM/yyyy of the viewer's local day (an ISO string's date part would be the UTC day). */
export function dayLabel(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
}

/** HH:mm in the viewer's time zone. */
export function timeLabel(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * `complete` means no older page is left: only then is the first message really the start of its ticket. When the
 * API returns messages of several tickets of the contact, each change of ticket gets an end and a start separator.
 */
export function buildTimeline<M extends TimelineMessage>(messages: M[], complete: boolean): TimelineItem<M>[] {
  const items: TimelineItem<M>[] = []
  let prev: M | null = null
  for (const m of messages) {
    if (!prev && complete) items.push({ kind: 'ticketStart', key: `start-${m.ticketId}-${m.id}`, ticketId: m.ticketId })
    if (prev && prev.ticketId !== m.ticketId) {
      items.push({ kind: 'ticketEnd', key: `end-${prev.ticketId}-${prev.id}`, ticketId: prev.ticketId })
      items.push({ kind: 'ticketStart', key: `start-${m.ticketId}-${m.id}`, ticketId: m.ticketId })
    }
    const label = dayLabel(m.createdAt)
    if (!prev || dayLabel(prev.createdAt) !== label || prev.ticketId !== m.ticketId) {
      items.push({ kind: 'day', key: `day-${m.id}`, label })
    }
    items.push({ kind: 'message', key: `msg-${m.id}`, message: m })
    prev = m
  }
  return items
}
