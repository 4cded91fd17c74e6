import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { WebSocket } from 'ws'
import { AppError } from '../errors/app-error.ts'
import { authenticateToken } from '../auth/access-hook.ts'
import { NO_ROOMS } from './delivery.ts'
import type { HubSocket } from './hub.ts'
import { noteUpgradeResponse, releaseUpgrade } from './release-upgrade.ts'
import { SessionExpiry } from './session-expiry.ts'

const MAX_FRAME = 4096
const MAX_ROOMS = 64

const send = (ws: WebSocket, obj: unknown) => ws.readyState === 1 && ws.send(JSON.stringify(obj))

/**
 * The websocket under /api: authenticated by the access token, JSON frames, rooms checked on join. An idle socket
 * is most of what a busy instance holds, so a socket keeps only what it uses: no HTTP request (release-upgrade.ts),
 * no timer of its own (session-expiry.ts), no room set until it joins one, and listeners that close over the socket
 * alone (not its request or token).
 */
export default async function wsRoute(app: FastifyInstance): Promise<void> {
  const expiry = new SessionExpiry(() => app.realtime.sockets(), (s: HubSocket) => {
    send(s.ws, { type: 'error', error: 'ERR_SESSION_EXPIRED' })
    s.ws.close(4401, 'ERR_SESSION_EXPIRED')
  })
  app.addHook('onClose', async () => expiry.stop())
  // One listener for every socket (`this` is the socket), not a closure each: it ends the socket, as
  // @fastify/websocket's default handler does.
  function onSocketError(this: WebSocket, err: Error): void {
    app.log.warn({ err: err.message }, 'websocket error')
    this.terminate()
  }

  app.get('/ws', {
    websocket: true,
    onRequest: noteUpgradeResponse,
    config: { access: 'public' },
    schema: { querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }), hide: true },
  }, (ws, request) => {
    releaseUpgrade(ws, request, onSocketError)
    open(ws, (request.query as { token?: string }).token)
  })

  /** The socket's hub entry once its token checks out; otherwise it tells the client why and closes. */
  async function authenticate(ws: WebSocket, token: string | undefined): Promise<HubSocket | undefined> {
    try {
      const auth = await authenticateToken(app, token)
      // A token without exp counts as expired, as a timer of 0 ms did.
      const expiresAt = (app.jwt.decode<{ exp?: number }>(token!)?.exp ?? 0) * 1000
      return { ws, auth, rooms: NO_ROOMS, expiresAt }
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'ERR_SESSION_EXPIRED'
      send(ws, { type: 'error', error: code })
      ws.close(4401, code)
      return undefined
    }
  }

  /** Puts the socket in the hub once checked; its frames run one at a time, in order, after the check. */
  function open(ws: WebSocket, token: string | undefined): void {
    // Checked in a function of its own: the closures below live as long as the socket and keep their scope, which
    // then holds the socket and its chain, not the token.
    const authed = authenticate(ws, token)
    // Listen before the check ends: frames a client sends right after `open` arrive while the token is being
    // checked and would otherwise be dropped. They wait for the check, then run one at a time, in order.
    let chain: Promise<unknown> = authed
    ws.on('message', (raw: Buffer) => {
      chain = chain.then(async () => {
        const socket = await authed
        if (socket && ws.readyState === 1) await handle(socket, raw)
      }).catch((err) => {
        app.log.error({ err }, 'websocket message failed')
        send(ws, { type: 'error', error: 'ERR_INTERNAL' })
      })
    })
    void authed.then((socket) => {
      if (!socket || ws.readyState !== 1) return
      app.realtime.add(socket)
      expiry.watch(socket)
      ws.on('close', () => app.realtime.remove(socket))
    })
  }

  async function handle(socket: HubSocket, raw: Buffer): Promise<unknown> {
    const reply = (obj: unknown) => send(socket.ws, obj)
    if (raw.length > MAX_FRAME) return reply({ type: 'error', error: 'ERR_PAYLOAD_TOO_LARGE' })
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(raw.toString('utf8'))
    } catch {
      return reply({ type: 'error', error: 'ERR_VALIDATION' })
    }
    if (!msg || typeof msg.type !== 'string') return reply({ type: 'error', error: 'ERR_VALIDATION' })
    if (msg.type === 'ping') return reply({ type: 'pong' })
    if (msg.type === 'userStatus') {
      await app.knex('users').where({ id: socket.auth.userId }).update({ online: true, lastSeenAt: new Date() }).catch(() => undefined)
      return
    }
    // The named messages rooms declare (the spec's joinTickets, joinChatBox, ...), plus the generic
    // {type:'join'|'leave', room, arg} for every registered room.
    const generic = (msg.type === 'join' || msg.type === 'leave') && typeof msg.room === 'string'
      ? { kind: (msg.room as string).slice(0, 40), argKey: 'arg', join: msg.type === 'join' }
      : undefined
    const room = app.realtime.roomMessage(msg.type) ?? generic
    if (!room) return reply({ type: 'error', error: 'ERR_VALIDATION', message: `unknown type ${msg.type.slice(0, 40)}` })
    const rawArg = room.argKey ? msg[room.argKey] : undefined
    const arg = rawArg === undefined || rawArg === null ? undefined : String(rawArg).slice(0, 64)
    const key = arg ? `${room.kind}:${arg}` : room.kind
    // A socket's rooms are replaced, never changed in place: a socket without rooms shares NO_ROOMS.
    if (!room.join) {
      if (!socket.rooms.has(key)) return
      const rooms = new Set(socket.rooms)
      rooms.delete(key)
      socket.rooms = rooms.size ? rooms : NO_ROOMS
      return
    }
    if (socket.rooms.size >= MAX_ROOMS || !(await app.realtime.authorizeRoom(socket.auth, room.kind, arg))) {
      return reply({ type: 'error', error: 'ERR_NO_PERMISSION', room: key })
    }
    socket.rooms = new Set(socket.rooms).add(key)
    reply({ type: 'joined', room: key })
  }
}
