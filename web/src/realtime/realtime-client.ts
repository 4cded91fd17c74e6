import {
  backoffDelay, leaveFrameFor, roomKey, PING_INTERVAL_MS, PONG_TIMEOUT_MS, USER_STATUS_INTERVAL_MS,
  type ClientFrame, type JoinFrame, type ServerFrame,
} from './frames.ts'

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting'

export interface SocketLike {
  readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(id: unknown): void
}

export interface RealtimeClientOptions {
  /** The socket address with the current token, or null when there is no session. */
  url: () => string | null
  createSocket: (url: string) => SocketLike
  timers?: Timers
  random?: () => number
  /** The server said the token expired (or the company was deactivated): renew it (true) or give up (false, the
   * session is over); `reason` is the server's code. */
  onSessionExpired?: (reason: string) => Promise<boolean>
  onRefused?: (room: string | undefined, error: string) => void
}

type Listener = (data: unknown) => void

/** Error frames after which this socket's session cannot go on as it is. */
const SESSION_ENDING = new Set(['ERR_SESSION_EXPIRED', 'ERR_COMPANY_INACTIVE', 'ERR_SESSION_REVOKED', 'ERR_SESSION_PASSWORD_CHANGED'])
const OPEN = 1

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as number),
}

/** One websocket per tab: reconnects with backoff, pings, and re-joins the rooms the pages asked for. */
export class RealtimeClient {
  private socket: SocketLike | null = null
  private status: RealtimeStatus = 'idle'
  private attempt = 0
  private wanted = false
  private suspended = false
  private reconnectTimer: unknown = null
  private pingTimer: unknown = null
  private pongTimer: unknown = null
  private statusTimer: unknown = null
  private readonly rooms = new Map<string, { frame: JoinFrame; count: number }>()
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly statusListeners = new Set<(s: RealtimeStatus) => void>()
  private readonly timers: Timers

  constructor(private readonly opts: RealtimeClientOptions) {
    this.timers = opts.timers ?? defaultTimers
  }

  getStatus(): RealtimeStatus {
    return this.status
  }

  connect(): void {
    this.wanted = true
    if (this.socket || this.suspended) return
    const url = this.opts.url()
    if (!url) return
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting')
    const socket = this.opts.createSocket(url)
    this.socket = socket
    socket.onopen = () => this.handleOpen()
    socket.onmessage = (ev) => this.handleMessage(ev.data)
    socket.onclose = () => this.handleClose(socket)
    socket.onerror = () => undefined
  }

  disconnect(): void {
    this.wanted = false
    this.timers.clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    const socket = this.socket
    this.teardown()
    socket?.close(1000, 'bye')
    this.attempt = 0
    this.setStatus('idle')
  }

  /** Subscribes to one event name (`company-<id>-<topic>`); returns the unsubscribe function. */
  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(event)
    }
  }

  onStatus(listener: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  /** Joins a room while at least one caller holds it; the returned function releases this caller's hold. */
  join(frame: JoinFrame): () => void {
    const key = roomKey(frame)
    const room = this.rooms.get(key)
    if (room) room.count++
    else {
      this.rooms.set(key, { frame, count: 1 })
      this.send(frame)
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const current = this.rooms.get(key)
      if (!current) return
      if (--current.count > 0) return
      this.rooms.delete(key)
      const leave = leaveFrameFor(frame)
      if (leave) this.send(leave)
    }
  }

  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false
    this.socket.send(JSON.stringify(frame))
    return true
  }

  private handleOpen(): void {
    this.attempt = 0
    this.setStatus('open')
    for (const { frame } of this.rooms.values()) this.send(frame)
    this.send({ type: 'userStatus' })
    this.pingTimer = this.timers.setInterval(() => this.ping(), PING_INTERVAL_MS)
    this.statusTimer = this.timers.setInterval(() => this.send({ type: 'userStatus' }), USER_STATUS_INTERVAL_MS)
  }

  private ping(): void {
    // no answer in time: the link is dead even if the browser has not noticed, so drop it and reconnect
    if (this.pongTimer !== null) return this.dropDeadLink()
    if (!this.send({ type: 'ping' })) return
    this.pongTimer = this.timers.setTimeout(() => this.dropDeadLink(), PONG_TIMEOUT_MS)
  }

  private dropDeadLink(): void {
    this.socket?.close(4000, 'ping timeout')
  }

  private handleMessage(raw: unknown): void {
    this.timers.clearTimeout(this.pongTimer)
    this.pongTimer = null
    let frame: ServerFrame
    try {
      frame = JSON.parse(String(raw)) as ServerFrame
    } catch {
      return
    }
    if ('event' in frame && typeof frame.event === 'string') {
      for (const listener of [...(this.listeners.get(frame.event) ?? [])]) listener(frame.data)
      return
    }
    if ('type' in frame && frame.type === 'error') {
      if (SESSION_ENDING.has(frame.error)) void this.renewSession(frame.error)
      else this.opts.onRefused?.(frame.room, frame.error)
    }
  }

  private async renewSession(reason: string): Promise<void> {
    if (this.suspended) return
    this.suspended = true
    const socket = this.socket
    this.teardown()
    socket?.close(1000, 'session expired')
    const renewed = (await this.opts.onSessionExpired?.(reason)) ?? false
    this.suspended = false
    if (renewed && this.wanted) this.connect()
    else this.setStatus('idle')
  }

  private handleClose(socket: SocketLike): void {
    if (socket !== this.socket) return
    this.teardown()
    if (!this.wanted || this.suspended) return
    this.setStatus('reconnecting')
    const delay = backoffDelay(this.attempt++, this.opts.random)
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null
      this.connect()
    }, delay)
  }

  private teardown(): void {
    this.timers.clearInterval(this.pingTimer)
    this.timers.clearInterval(this.statusTimer)
    this.timers.clearTimeout(this.pongTimer)
    this.pingTimer = this.statusTimer = this.pongTimer = null
    if (this.socket) {
      this.socket.onopen = this.socket.onclose = this.socket.onmessage = this.socket.onerror = null
    }
    this.socket = null
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return
    this.status = status
    for (const l of [...this.statusListeners]) l(status)
  }
}
