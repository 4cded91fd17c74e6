import { api } from '../../api/api.ts'
import type { ConnectionOption, QueueOption } from '../../api/types.ts'
import { hasRoute } from '../../modules/registry.ts'

/**
 * Queues and connections come from their own modules; while those are not installed the dialog simply has no
 * such fields (and makes no call that would fail).
 */
export async function loadQueueOptions(): Promise<QueueOption[] | null> {
  if (!hasRoute('/queues')) return null
  try {
    const answer = await api.get<QueueOption[] | { queues: QueueOption[] }>('/queue')
    return Array.isArray(answer) ? answer : answer?.queues ?? []
  } catch {
    return null
  }
}

export async function loadConnectionOptions(): Promise<ConnectionOption[] | null> {
  if (!hasRoute('/connections')) return null
  try {
    const answer = await api.get<ConnectionOption[]>('/whatsapp', { query: { session: 0 } })
    return Array.isArray(answer) ? answer : []
  } catch {
    return null
  }
}
