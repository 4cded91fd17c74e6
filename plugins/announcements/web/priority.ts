import type { Intent } from '@blueprintjs/core'
import type { Announcement, Priority } from './types.ts'

export const PRIORITIES: Priority[] = [1, 2, 3]
export const DEFAULT_PRIORITY: Priority = 3

/** The colour of each priority: high red, medium orange, low blue. */
export const priorityIntent: Record<Priority, Intent> = { 1: 'danger', 2: 'warning', 3: 'primary' }

/** The order the server answers in: high priority first, then newest (kept when live events add or change one). */
export function byPriority(a: Announcement, b: Announcement): number {
  return a.priority - b.priority || (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id
}
