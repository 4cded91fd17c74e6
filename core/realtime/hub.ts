import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import type { AuthContext } from '../auth/types.ts'
import type { RedisLink } from '../redis/link.ts'
import { NO_ROOMS, shouldDeliver, type RegisteredTopic, type SocketView } from './delivery.ts'
import { SharedAuthParts } from './shared-auth.ts'
import type { PlatformMessage, RealtimeMessage, RoomAuthorizer, RoomMessages } from './types.ts'
import { WriteCoalescer } from './write-coalescer.ts'

/** ws.send's options for a frame given as a Buffer: still a text frame, as the clients expect JSON text. */
const TEXT_FRAME = { binary: false }

/** What crosses Redis: a company's message, or a platform-wide one (`everyCompany`, no companyId). */
type WireMessage = RealtimeMessage | (PlatformMessage & { everyCompany: true })

export interface HubSocket extends SocketView {
  ws: WebSocket
  /** When the socket's access token expires (ms since the epoch): the socket ends then. */
  expiresAt: number
}

/**
 * Company-scoped fan-out. Sockets are indexed by company, so an event never even looks at another company's
 * sockets. With Redis every instance receives every message and delivers to its own sockets.
 */
export class RealtimeHub {
  private byCompany = new Map<number, Set<HubSocket>>()
  private topics = new Map<string, RegisteredTopic>()
  private rooms = new Map<string, { authorize: RoomAuthorizer; feature?: string }>()
  private roomMessages = new Map<string, { kind: string; argKey?: string; join: boolean }>()
  private readonly channel: string
  private readonly writes = new WriteCoalescer()
  private readonly shared = new SharedAuthParts()
  delivered = 0

  constructor(private log: FastifyBaseLogger, prefix: string, private redis?: RedisLink) {
    this.channel = `${prefix}:realtime`
    redis?.subscribe(this.channel, (raw) => this.route(JSON.parse(raw) as WireMessage), { othersOnly: true })
  }

  /** Topic names are global: a second registration (a plugin reusing 'auth', or two plugins) is refused, never merged. */
  registerTopic(name: string, def: RegisteredTopic): void {
    if (this.topics.has(name)) throw new Error(`Realtime topic "${name}" is already registered`)
    this.topics.set(name, def)
  }

  topic(name: string): RegisteredTopic | undefined {
    return this.topics.get(name)
  }

  /** A room kind (`notification`, `tickets`, `chatBox`, ...), who may join it and the plan feature it needs. */
  registerRoom(kind: string, authorize: RoomAuthorizer, feature?: string, messages?: RoomMessages): void {
    if (this.rooms.has(kind)) throw new Error(`Realtime room "${kind}" is already registered`)
    for (const name of messages ? [messages.join, messages.leave] : []) {
      if (this.roomMessages.has(name) || name === 'join' || name === 'leave') throw new Error(`Realtime message "${name}" is already taken`)
    }
    this.rooms.set(kind, { authorize, feature })
    if (messages) {
      this.roomMessages.set(messages.join, { kind, argKey: messages.arg, join: true })
      this.roomMessages.set(messages.leave, { kind, argKey: messages.arg, join: false })
    }
  }

  /** The room a named socket message joins or leaves (see RoomMessages), if a room declared it. */
  roomMessage(type: string): { kind: string; argKey?: string; join: boolean } | undefined {
    return this.roomMessages.get(type)
  }

  async authorizeRoom(auth: AuthContext, kind: string, arg: string | undefined): Promise<boolean> {
    const room = this.rooms.get(kind)
    if (!room) return false
    if (room.feature && !auth.features.has(room.feature)) return false
    if (this.topics.has(kind) && !shouldDeliver({ auth, rooms: NO_ROOMS }, this.topics.get(kind), undefined)) return false
    return room.authorize(auth, arg)
  }

  add(socket: HubSocket): void {
    this.setAuth(socket, socket.auth)
    const set = this.byCompany.get(socket.auth.companyId) ?? new Set()
    set.add(socket)
    this.byCompany.set(socket.auth.companyId, set)
  }

  /** Gives a socket its context (again, once reloaded), sharing the parts other sockets hold alike (shared-auth.ts). */
  setAuth(socket: HubSocket, auth: AuthContext): void {
    socket.auth = this.shared.share(auth)
  }

  remove(socket: HubSocket): void {
    const set = this.byCompany.get(socket.auth.companyId)
    set?.delete(socket)
    if (set?.size === 0) this.byCompany.delete(socket.auth.companyId)
  }

  socketsOf(companyId: number): Iterable<HubSocket> {
    return this.byCompany.get(companyId) ?? []
  }

  /** Every socket on this instance. */
  *sockets(): Iterable<HubSocket> {
    for (const set of this.byCompany.values()) yield* set
  }

  companyIds(): number[] {
    return [...this.byCompany.keys()]
  }

  get size(): number {
    let n = 0
    for (const s of this.byCompany.values()) n += s.size
    return n
  }

  /** Sends `company-{id}-{topic}` to the company's sockets that may see it, on every instance. */
  publish(message: RealtimeMessage): void {
    this.send(message)
  }

  /**
   * Sends a platform-wide event to the sockets of every company, on every instance: each receives it as
   * `company-<its company>-<topic>` (what a company-scoped topic's web hook listens to), filtered as `publish` does.
   */
  publishToAll(message: PlatformMessage): void {
    this.send({ ...message, everyCompany: true })
  }

  private send(message: WireMessage): void {
    if (!this.topics.has(message.topic)) {
      this.log.error({ topic: message.topic }, 'publish on an unregistered realtime topic')
      return
    }
    // The data (most of every frame) is serialized once, for the local frames and for the other instances.
    let data: string | undefined
    const dataJson = () => (data ??= JSON.stringify(message.data) ?? 'null')
    this.route(message, dataJson)
    if (this.redis) {
      const whom = 'everyCompany' in message ? { everyCompany: true } : { companyId: message.companyId }
      const head = JSON.stringify({ ...whom, topic: message.topic, audience: message.audience })
      this.redis.publish(this.channel, `${head.slice(0, -1)},"data":${dataJson()}}`)
    }
  }

  private route(message: WireMessage, dataJson = () => JSON.stringify(message.data) ?? 'null'): void {
    if ('everyCompany' in message) for (const companyId of [...this.byCompany.keys()]) this.deliver(companyId, message, dataJson)
    else this.deliver(message.companyId, message, dataJson)
  }

  private deliver(companyId: number, message: PlatformMessage, dataJson: () => string): void {
    const sockets = this.byCompany.get(companyId)
    if (!sockets) return
    const topic = this.topics.get(message.topic)
    // Encoded once for all the sockets: given a string, ws measures and encodes it again for each one.
    let frame: Buffer | undefined
    for (const s of sockets) {
      if (s.ws.readyState !== 1 || !shouldDeliver(s, topic, message.audience)) continue
      frame ??= Buffer.from(`{"event":${JSON.stringify(`company-${companyId}-${message.topic}`)},"data":${dataJson()}}`)
      this.writes.hold(s.ws)
      s.ws.send(frame, TEXT_FRAME)
      this.delivered++
    }
  }

  /** Ends a company's sockets on this instance (it was deactivated): each client hears why in the close reason. */
  closeCompany(companyId: number, code: number, reason: string): void {
    for (const s of this.byCompany.get(companyId) ?? []) {
      if (s.ws.readyState === 1) s.ws.send(JSON.stringify({ type: 'error', error: reason }))
      s.ws.close(code, reason)
    }
  }

  closeAll(code = 1001, reason = 'server shutting down'): void {
    for (const set of this.byCompany.values()) for (const s of set) s.ws.close(code, reason)
  }
}
