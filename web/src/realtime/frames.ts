/** Client -> server frames of the realtime protocol. */
export type JoinFrame =
  | { type: 'joinNotification' }
  | { type: 'joinTickets'; status: string }
  | { type: 'joinChatBox'; ticketId: string }
  /** Any room a plugin declares (e.g. the internal chat's `chat` room with the chat's uuid), by the generic message. */
  | { type: 'join'; room: string; arg?: string }

export type ClientFrame =
  | JoinFrame
  | { type: 'leaveTickets'; status: string }
  | { type: 'leaveChatBox'; ticketId: string }
  | { type: 'leave'; room: string; arg?: string }
  | { type: 'userStatus' }
  | { type: 'ping' }

/** The frame that undoes a join, when the protocol has one (the notification room is left by disconnecting). */
export function leaveFrameFor(join: JoinFrame): ClientFrame | null {
  switch (join.type) {
    case 'joinTickets':
      return { type: 'leaveTickets', status: join.status }
    case 'joinChatBox':
      return { type: 'leaveChatBox', ticketId: join.ticketId }
    case 'join':
      return { type: 'leave', room: join.room, ...(join.arg === undefined ? {} : { arg: join.arg }) }
    default:
      return null
  }
}

export const roomKey = (frame: JoinFrame): string => JSON.stringify(frame)

/** Server -> client frames. */
export type ServerFrame =
  | { event: string; data: unknown }
  | { type: 'pong' }
  | { type: 'error'; error: string; room?: string }

export const PING_INTERVAL_MS = 18_000
export const PONG_TIMEOUT_MS = 18_000
export const USER_STATUS_INTERVAL_MS = 300_000
export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_MAX_MS = 30_000

/** Exponential backoff with jitter in [50%, 100%] of the step, capped. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt))
  return Math.round(step * (0.5 + random() / 2))
}
