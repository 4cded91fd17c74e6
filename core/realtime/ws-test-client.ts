import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { WebSocket } from 'ws'

/** A frame the server sent: an event (`{event, data}`) or a protocol answer (`{type, ...}`). */
export type Frame = { event?: string; data?: Record<string, unknown>; type?: string; error?: string; room?: string }

/** A real websocket client for tests: records every frame from the first byte and waits for the ones it needs. */
export interface TestSocket {
  frames: Frame[]
  send(obj: unknown): void
  /** The first frame from index `from` on (already received or coming) that matches; rejects after `ms`. */
  next(match: (f: Frame) => boolean, ms?: number, from?: number): Promise<Frame>
  /** Frames received so far whose event is this one. */
  count(event: string): number
  /** A ping answered by a pong: every frame the server sent before it has arrived. */
  sync(): Promise<void>
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

/** Listens on a free local port (once per app) and returns the websocket URL. */
export async function wsUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`
}

/**
 * Opens a socket. By default it also waits until the server has checked the token (a ping answered by a pong or an
 * error frame), so an event published next finds the socket in the hub; `{ wait: 'open' }` returns at once.
 */
export async function connect(app: FastifyInstance, token?: string, t?: { teardown(fn: () => void): void }, opts: { wait?: 'open' | 'ready' } = {}): Promise<TestSocket> {
  const base = await wsUrl(app)
  const ws = new WebSocket(token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`)
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()))
    for (const w of [...waiters]) w()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  t?.teardown(() => ws.close())
  const socket: TestSocket = {
    frames,
    send: (obj) => ws.send(JSON.stringify(obj)),
    next: (match, ms = 3000, from = 0) => new Promise((resolve, reject) => {
      let seen = from
      const check = () => {
        for (; seen < frames.length; seen++) {
          if (!match(frames[seen])) continue
          clearTimeout(timer)
          waiters.delete(check)
          return resolve(frames[seen])
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`))
      }, ms)
      waiters.add(check)
      check()
    }),
    count: (event) => frames.filter((f) => f.event === event).length,
    async sync() {
      const from = frames.length
      socket.send({ type: 'ping' })
      await socket.next((f) => f.type === 'pong', 3000, from)
    },
    closed,
    close: () => ws.close(),
  }
  if (opts.wait !== 'open') {
    socket.send({ type: 'ping' })
    await socket.next((f) => f.type === 'pong' || f.type === 'error')
  }
  return socket
}
