import type { AuthContext } from '../auth/types.ts'
import type { TopicDefinition } from '../plugin-api/types.ts'
import type { RealtimeAudience } from './types.ts'

export interface SocketView {
  auth: AuthContext
  rooms: ReadonlySet<string>
}

/** The rooms of a socket that joined none: one shared empty set (most sockets never join one, or join later). */
export const NO_ROOMS: ReadonlySet<string> = new Set()

export interface RegisteredTopic extends TopicDefinition {
  feature?: string
}

const isAdmin = (a: AuthContext) => a.profile === 'admin' || a.super

function passesQueues(a: AuthContext, audience: RealtimeAudience): boolean {
  if (audience.queueBypassUserIds?.includes(a.userId)) return true
  if (audience.withoutQueue && a.allTicket === 'enabled') return true
  return audience.queueIds!.some((q) => a.queueIds.includes(q))
}

/** Whether one socket may receive one event: the topic's gate first, then the audience. Pure, so it is tested alone. */
export function shouldDeliver(socket: SocketView, topic: RegisteredTopic | undefined, audience: RealtimeAudience | undefined): boolean {
  const a = socket.auth
  if (!topic) return false
  if (topic.feature && !a.features.has(topic.feature)) return false
  if (topic.permission && !a.permissions.has(topic.permission)) return false
  if (topic.adminOnly && !isAdmin(a)) return false
  if (!audience) return true
  if (audience.userIds || audience.admins) {
    const byUser = audience.userIds?.includes(a.userId) ?? false
    const byAdmin = audience.admins === true && isAdmin(a)
    if (!byUser && !byAdmin) return false
  }
  if (audience.queueIds && !isAdmin(a) && !passesQueues(a, audience)) return false
  if (audience.rooms && !audience.rooms.some((r) => socket.rooms.has(r))) return false
  return true
}
