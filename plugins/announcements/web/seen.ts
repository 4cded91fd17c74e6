/**
 * Which announcements a user had already seen when they last opened the top-bar popover, kept in localStorage per
 * user (one browser, several users), so the badge counts only the new ones.
 */
type Store = Pick<Storage, 'getItem' | 'setItem'>

/** Enough for every active announcement; older ids fall off first. */
export const MAX_SEEN = 500

export const seenKey = (userId: number): string => `announcements:seen:${userId}`

export function readSeen(store: Store, userId: number): Set<number> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(seenKey(userId)) ?? '[]')
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [])
  } catch {
    return new Set()
  }
}

/** Adds the ids shown now to those seen before and stores them; answers the new set. */
export function markSeen(store: Store, userId: number, shown: number[]): Set<number> {
  const now = new Set(shown)
  // The ones shown now go last, so an id still shown is never the one that falls off.
  const ids = [...readSeen(store, userId)].filter((id) => !now.has(id)).concat([...now]).slice(-MAX_SEEN)
  try {
    store.setItem(seenKey(userId), JSON.stringify(ids))
  } catch {
    // A full or blocked storage only means the badge counts them again next time.
  }
  return new Set(ids)
}

export const countUnseen = (ids: number[], seen: Set<number>): number => ids.filter((id) => !seen.has(id)).length
