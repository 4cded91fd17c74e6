import type { Connection, ConnectionEvent, SessionEvent, SessionStatus } from './types.ts'

/** Spec: statuses that put the warning badge on the connections menu entry. */
const ATTENTION: ReadonlySet<SessionStatus> = new Set<SessionStatus>(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])

export const needsAttention = (status: SessionStatus): boolean => ATTENTION.has(status)
export const anyNeedsAttention = (list: ReadonlyArray<{ status: SessionStatus }>): boolean => list.some((c) => needsAttention(c.status))

export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting'

/** Spec "Actions by status": the buttons of the session column, in display order. */
export function sessionActions(status: SessionStatus): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['showQr']
    case 'DISCONNECTED':
      return ['retry', 'newQr']
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect']
    case 'OPENING':
      return ['connecting']
    default:
      return []
  }
}

/** How a status is drawn: a Blueprint icon (OPENING draws a spinner instead) and an intent. */
export const STATUS_LOOK: Record<SessionStatus, { icon: string; intent: 'success' | 'warning' | 'danger' | 'primary' }> = {
  CONNECTED: { icon: 'tick-circle', intent: 'success' },
  qrcode: { icon: 'grid-view', intent: 'primary' },
  PAIRING: { icon: 'exchange', intent: 'warning' },
  OPENING: { icon: 'refresh', intent: 'primary' },
  TIMEOUT: { icon: 'time', intent: 'warning' },
  DISCONNECTED: { icon: 'offline', intent: 'danger' },
}

/**
 * The QR dialog's reaction to a session update of its connection: show a new code; once a code has been shown, an
 * empty one means the pairing is over (scanned, expired or stopped), so the dialog closes. Before any code, empty
 * updates (OPENING, TIMEOUT) keep it open on 'Waiting for QR Code'; a session that connects needs no code at all.
 */
export function qrUpdate(shown: string, incoming: string | null | undefined, status?: SessionStatus | null): { code: string; close: boolean } {
  if (status === 'CONNECTED') return { code: '', close: true }
  if (incoming) return { code: incoming, close: false }
  return { code: '', close: shown !== '' }
}

const byName = (a: Connection, b: Connection) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id

export function upsertConnection(list: Connection[], next: Connection): Connection[] {
  const old = list.find((c) => c.id === next.id)
  const merged = old ? { ...old, ...next } : next
  return [...list.filter((c) => c.id !== next.id), merged].sort(byName)
}

export const sortConnections = (list: Connection[]): Connection[] => [...list].sort(byName)

/** Applies a realtime event of the `whatsapp` or `whatsappSession` topic to a list. */
export function applyEvent(list: Connection[], topic: 'whatsapp' | 'whatsappSession', data: ConnectionEvent | SessionEvent): Connection[] {
  if (topic === 'whatsappSession') {
    const session = (data as SessionEvent).session
    // Only rows already listed: a status written while a connection was being deleted must not bring it back.
    return session && data.action === 'update' && list.some((c) => c.id === session.id) ? upsertConnection(list, session) : list
  }
  const event = data as ConnectionEvent
  if (event.action === 'delete') return list.filter((c) => c.id !== Number(event.whatsappId))
  return event.whatsapp ? upsertConnection(list, event.whatsapp) : list
}
