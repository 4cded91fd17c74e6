/**
 * The loaded messages of one conversation as pure state: pages arrive newest first (each in chronological order)
 * and realtime frames add or change messages in place. Kept apart from React so the merging is unit tested.
 */
export interface PagedMessage {
  id: number
  ticketId: number
}

export interface MessagesState<M extends PagedMessage> {
  messages: M[]
  page: number
  hasMore: boolean
}

export const emptyMessages = <M extends PagedMessage>(): MessagesState<M> => ({ messages: [], page: 0, hasMore: true })

/**
 * The server's order: by id, which is the order messages were stored. Pages are id ranges, so sorting the same way
 * keeps page boundaries exact (a timestamp order would not: media rows are stored after their download, and a
 * message delivered late carries its older WhatsApp time).
 */
export const byOrder = (a: PagedMessage, b: PagedMessage): number => a.id - b.id

/**
 * Adds a page. Page 1 replaces everything; older pages go in front. Offsets shift when messages arrive between two
 * page loads, so a page can repeat messages already shown: the loaded copy of those is the newer one and is kept.
 */
export function mergePage<M extends PagedMessage>(state: MessagesState<M>, page: number, incoming: M[], hasMore: boolean): MessagesState<M> {
  if (page <= 1) return { messages: [...incoming].sort(byOrder), page, hasMore }
  const known = new Set(state.messages.map((m) => m.id))
  const older = incoming.filter((m) => !known.has(m.id))
  return { messages: [...older, ...state.messages].sort(byOrder), page, hasMore }
}

/**
 * Applies a created or updated message of this conversation (`ticketIds`: the tickets the list shows). A message
 * already shown is replaced in place (acks, edits, deletion); a new one is inserted in order, unless it is older
 * than the oldest loaded message while older pages remain: it belongs to a page not loaded yet.
 */
export function applyMessage<M extends PagedMessage>(state: MessagesState<M>, message: M, ticketIds: ReadonlySet<number>): MessagesState<M> {
  if (!ticketIds.has(message.ticketId)) return state
  const idx = state.messages.findIndex((m) => m.id === message.id)
  if (idx !== -1) {
    const messages = state.messages.slice()
    messages[idx] = { ...messages[idx], ...message }
    return { ...state, messages }
  }
  const oldest = state.messages[0]
  if (oldest && state.hasMore && byOrder(message, oldest) < 0) return state
  return { ...state, messages: [...state.messages, message].sort(byOrder) }
}
