import type { Setting, User } from '../api/types.ts'

/** Any event: an action plus whatever the topic carries. */
export interface RealtimeEvent {
  action: string
  [key: string]: unknown
}

/**
 * Payloads of the core topics. A plugin can add its own with declaration merging:
 * `declare module '.../web/src/realtime/topics.ts' { interface RealtimeTopics { kanban: {...} } }`.
 */
export interface RealtimeTopics {
  auth: { action: 'update'; user: { id: number } }
  user: { action: 'update' | 'delete' | 'create'; user?: User; userId?: number }
  settings: { action: 'update'; setting?: Setting; key?: string; value?: string }
  company: { action: 'update' | 'delete'; company?: { id: number; dueDate?: string | null } }
  modules: { action: 'update'; feature?: string; enabled?: boolean }
}

export type TopicData<K extends string> = K extends keyof RealtimeTopics ? RealtimeTopics[K] : RealtimeEvent

export const eventName = (companyId: number, topic: string): string => `company-${companyId}-${topic}`
