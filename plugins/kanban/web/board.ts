/** The board's data and rules, free of React so they are tested alone (web.test.ts). */

export interface LaneTag {
  id: number
  name: string
  color: string
}

/** A card as GET /ticket/kanban answers it; `ticket` frames of the tickets plugin carry the same fields. */
export interface KanbanCard {
  id: number
  uuid: string
  status: string
  queueId: number | null
  userId: number | null
  contact: { id: number; name: string; number: string | null; profilePicUrl?: string | null }
  lastMessage: string | null
  updatedAt: string | null
  tags: Array<{ id: number; name: string; color: string; kanban?: number }>
}

/** The "Em aberto" lane (tickets in no kanban lane) has no tag: it is lane 0. */
export const OPEN_LANE = 0

export interface Lane {
  id: number
  /** Null for the open lane, whose name is translated. */
  tag: LaneTag | null
}

export const lanesOf = (tags: LaneTag[]): Lane[] => [{ id: OPEN_LANE, tag: null }, ...tags.map((tag) => ({ id: tag.id, tag }))]

/** The lane a card sits in: its first kanban tag in board order (a ticket may carry several), else "Em aberto". */
export function laneOf(card: KanbanCard, lanes: Lane[]): number {
  const ids = new Set(card.tags.map((t) => t.id))
  return lanes.find((l) => l.id !== OPEN_LANE && ids.has(l.id))?.id ?? OPEN_LANE
}

export function groupByLane(cards: KanbanCard[], lanes: Lane[]): Map<number, KanbanCard[]> {
  const out = new Map<number, KanbanCard[]>(lanes.map((l) => [l.id, []]))
  for (const card of cards) out.get(laneOf(card, lanes))!.push(card)
  return out
}

export interface Viewer {
  isAdmin: boolean
  queueIds: number[]
}

/**
 * The server's rule for the board, applied to live frames: pending or open, and in one of the viewer's queues or in
 * none (an admin without queues sees them all). The page asks the server for exactly the viewer's queues.
 */
export function belongsOnBoard(card: Pick<KanbanCard, 'status' | 'queueId'>, viewer: Viewer): boolean {
  if (card.status !== 'pending' && card.status !== 'open') return false
  if (card.queueId === null) return true
  return viewer.queueIds.length ? viewer.queueIds.includes(card.queueId) : viewer.isAdmin
}

/** The query of GET /ticket/kanban: the viewer's own queues (spec), as a JSON array. */
export const boardQuery = (viewer: Viewer, pageNumber: number) => ({ pageNumber, ...(viewer.queueIds.length ? { queueIds: JSON.stringify(viewer.queueIds) } : {}) })

const activity = (c: KanbanCard) => (c.updatedAt ? Date.parse(c.updatedAt) : 0)

/** Adds or replaces a card (a live frame), keeping the newest activity first; one that left the board goes away. */
export function applyCard(cards: KanbanCard[], card: KanbanCard, viewer: Viewer): KanbanCard[] {
  const rest = cards.filter((c) => c.id !== card.id)
  if (!belongsOnBoard(card, viewer)) return rest
  return [...rest, card].sort((a, b) => activity(b) - activity(a) || b.id - a.id)
}

/** The card as it will be after a move: out of every lane, into the target lane (what the server does). */
export function movedCard(card: KanbanCard, lanes: Lane[], to: number): KanbanCard {
  const laneIds = new Set(lanes.map((l) => l.id))
  const tags = card.tags.filter((t) => !laneIds.has(t.id))
  const target = lanes.find((l) => l.id === to)?.tag
  return { ...card, tags: target ? [{ ...target, kanban: 1 }, ...tags] : tags }
}
