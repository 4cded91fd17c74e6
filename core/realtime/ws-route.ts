import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { AppError } from '../errors/app-error.ts'
import { authenticateToken } from '../auth/access-hook.ts'
import type { HubSocket } from './hub.ts'

const MAX_FRAME = 4096

/** The websocket under /api: authenticated by the access token, JSON frames, rooms checked on join. */
export default async function wsRoute(app: FastifyInstance): Promise<void> {
  app.get('/ws', {
    websocket: true,
    config: { access: 'public' },
    schema: { querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }), hide: true },
  }, async (ws, request) => {
    const send = (obj: unknown) => ws.readyState === 1 && ws.send(JSON.stringify(obj))
    const token = (request.query as { token?: string }).token
    const authed: Promise<HubSocket | undefined> = authenticateToken(app, token).then(
      (auth) => ({ ws, auth, rooms: new Set<string>() }),
      (err) => {
        const code = err instanceof AppError ? err.code : 'ERR_SESSION_EXPIRED'
        send({ type: 'error', error: code })
        ws.close(4401, code)
        return undefined
      },
    )
    // Listen before the first await: frames a client sends right after `open` arrive while the token is being
    // checked and would otherwise be dropped. They wait for the check, then run one at a time, in order.
    let chain: Promise<unknown> = authed
    ws.on('message', (raw: Buffer) => {
      chain = chain.then(async () => {
        const socket = await authed
        if (socket && ws.readyState === 1) await handle(socket, raw)
      }).catch((err) => {
        request.log.error({ err }, 'websocket message failed')
        send({ type: 'error', error: 'ERR_INTERNAL' })
      })
    })
    ws.on('error', (err) => request.log.warn({ err: err.message }, 'websocket error'))
    const socket = await authed
    if (!socket || ws.readyState !== 1) return
    app.realtime.add(socket)
    const exp = (app.jwt.decode<{ exp?: number }>(token!)?.exp ?? 0) * 1000
    const expiry = setTimeout(() => {
      send({ type: 'error', error: 'ERR_SESSION_EXPIRED' })
      ws.close(4401, 'ERR_SESSION_EXPIRED')
    }, Math.max(0, Math.min(exp - Date.now(), 2 ** 31 - 1)))
    ws.on('close', () => {
      clearTimeout(expiry)
      app.realtime.remove(socket)
    })
  })

  async function handle(socket: HubSocket, raw: Buffer): Promise<unknown> {
    const send = (obj: unknown) => socket.ws.readyState === 1 && socket.ws.send(JSON.stringify(obj))
    if (raw.length > MAX_FRAME) return send({ type: 'error', error: 'ERR_PAYLOAD_TOO_LARGE' })
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(raw.toString('utf8'))
    } catch {
      return send({ type: 'error', error: 'ERR_VALIDATION' })
    }
    if (!msg || typeof msg.type !== 'string') return send({ type: 'error', error: 'ERR_VALIDATION' })
    if (msg.type === 'ping') return send({ type: 'pong' })
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
    if (!room) return send({ type: 'error', error: 'ERR_VALIDATION', message: `unknown type ${msg.type.slice(0, 40)}` })
    const rawArg = room.argKey ? msg[room.argKey] : undefined
    const arg = rawArg === undefined || rawArg === null ? undefined : String(rawArg).slice(0, 64)
    const key = arg ? `${room.kind}:${arg}` : room.kind
    if (!room.join) return void socket.rooms.delete(key)
    if (socket.rooms.size >= 64 || !(await app.realtime.authorizeRoom(socket.auth, room.kind, arg))) {
      return send({ type: 'error', error: 'ERR_NO_PERMISSION', room: key })
    }
    socket.rooms.add(key)
    send({ type: 'joined', room: key })
  }
}
