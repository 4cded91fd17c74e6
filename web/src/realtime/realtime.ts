import { api } from '../api/api.ts'
import { STORAGE_KEYS, store } from '../lib/storage.ts'
import { endSession, onSessionChange } from '../session/session-service.ts'
import { RealtimeClient, type SocketLike } from './realtime-client.ts'

function socketUrl(): string | null {
  const token = store.getItem(STORAGE_KEYS.token)
  if (!token) return null
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${proto}//${location.host}/api/ws?token=${encodeURIComponent(token)}`
}

/** The tab's single socket. It follows the session: open while signed in, closed after sign-out. */
export const realtime = new RealtimeClient({
  url: socketUrl,
  createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  onSessionExpired: async (reason) => {
    if (await api.refresh()) return true
    endSession(reason)
    return false
  },
})

onSessionChange((user) => (user ? realtime.connect() : realtime.disconnect()))
