/**
 * The baselines' own process: a bare Fastify app with one route and a raw `ws` server, nothing else. Memory and
 * cold-start figures compare the platform with it (same node, same tsx loader). As a client process it answers
 * `listen`, `memory` and `baileys`; run directly it listens on PORT, serves GET /api/version (cold-start baseline)
 * and takes raw websockets at /api/ws (memory baseline).
 */
import Fastify from 'fastify'
import { WebSocketServer } from 'ws'
import type { AddressInfo } from 'node:net'
import { serveClient } from './worker.ts'
import { OFFLINE_WA_URL, settle } from './settle.ts'

const app = Fastify()
app.get('/api/version', async () => ({ version: '0.0.0' }))

if (process.send) {
  let wss: WebSocketServer | undefined
  const sockets = new Set<unknown>()
  serveClient({
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' })
      wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
      wss.on('connection', (ws) => {
        sockets.add(ws)
        ws.on('close', () => sockets.delete(ws))
      })
      await new Promise((r) => wss!.once('listening', r))
      return { http: (app.server.address() as AddressInfo).port, ws: (wss.address() as AddressInfo).port }
    },
    memory: () => settle(),
    sockets: () => sockets.size,
    /** Bare Baileys sockets with in-memory auth, offline like the platform's: the library's own cost per session. */
    async baileys({ n }: { n: number }) {
      const B = await import('@whiskeysockets/baileys')
      const pino = (await import('pino')).default
      const before = await settle()
      let closed = 0
      for (let i = 0; i < n; i++) {
        const creds = B.initAuthCreds()
        const keys: Record<string, Record<string, unknown>> = {}
        const store = {
          get: async (type: string, ids: string[]) => Object.fromEntries(ids.map((id) => [id, keys[type]?.[id]])),
          set: async (data: Record<string, Record<string, unknown>>) => {
            for (const [type, values] of Object.entries(data)) Object.assign((keys[type] ??= {}), values)
          },
        }
        const logger = pino({ level: 'silent' })
        const sock = B.makeWASocket({ auth: { creds, keys: B.makeCacheableSignalKeyStore(store as never, logger as never) }, logger: logger as never, waWebSocketUrl: OFFLINE_WA_URL, markOnlineOnConnect: false, syncFullHistory: false })
        sock.ev.on('connection.update', (u) => {
          if (u.connection === 'close') closed++
        })
      }
      while (closed < n) await new Promise((r) => setTimeout(r, 50))
      const after = await settle()
      return { heap: (after.heap - before.heap) / n, rss: (after.rss - before.rss) / n }
    },
  })
} else {
  // Raw ws on the same HTTP server (no auth, no hub): the floor for an idle websocket.
  const wss = new WebSocketServer({ server: app.server, path: '/api/ws' })
  wss.on('error', () => undefined)
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
}
