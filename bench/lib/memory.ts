import type { FastifyInstance } from 'fastify'
import { baileysDriver } from '../../plugins/connections/server/baileys/driver.ts'
import { createWhatsapp } from '../../plugins/connections/server/whatsapp-service.ts'
import { OFFLINE_WA_URL, settle } from './settle.ts'

export { hasGc, settle, OFFLINE_WA_URL, kib } from './settle.ts'

/**
 * Registers the `beta-offline` driver (Baileys with no network) and a retry delay long enough that its sessions sit
 * idle after their first failed attempt, holding their auth state, runner and socket objects.
 */
export function useOfflineBaileys(app: FastifyInstance): void {
  app.channels.register(baileysDriver({ provider: 'beta-offline', socketConfig: { waWebSocketUrl: OFFLINE_WA_URL } }))
  app.channels.options.backoff = { baseMs: 10 * 60_000, capMs: 60 * 60_000 }
}

/** Creates and starts `n` connections of a provider and waits until every one has the status `until`. */
export async function startSessions(app: FastifyInstance, companyId: number, provider: string, n: number, until: string): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const { created } = await createWhatsapp(app, companyId, { name: `${provider} ${i}`, provider })
    await app.channels.start(companyId, created.id)
    ids.push(created.id)
  }
  for (;;) {
    const rows = await app.knex('whatsapps').whereIn('id', ids).select('status')
    if (rows.every((r: { status: string }) => r.status === until)) return ids
    await new Promise((r) => setTimeout(r, 50))
  }
}

type Delta = { rss: number; heap: number }
export interface SessionFigures {
  /**
   * A first batch of sandbox sessions: the code they run is compiled, then optimized as it gets hot (paid once per
   * process, apart, as the Baileys module is). Seen on MariaDB, per session of four batches of 50 in a row: 12.9,
   * 7.2, 6.2, 1.4 KiB heap; a heap snapshot of the first batch's growth is 70% compiled code and its metadata.
   */
  warmUp: Delta
  /**
   * Per sandbox session of the batches after the warm-up (SANDBOX_BATCHES of them, over all their sessions): one
   * batch's growth alone swung from -18 to 27 KiB a session between runs (collections of older garbage, code
   * optimized meanwhile), where the sum over three held at 3.5-5 KiB.
   */
  sandbox: Delta
  /** Loading the Baileys module, once per process. */
  module: Delta
  /** Per offline Baileys session. */
  baileys: Delta
}

const SANDBOX_BATCHES = 3

/** What idle sessions add: a warm-up batch of `n` sandbox sessions, three batches of `n` more, the Baileys module, then `n` offline Baileys sessions. */
export async function measureSessions(app: FastifyInstance, companyId: number, n: number): Promise<SessionFigures> {
  useOfflineBaileys(app)
  const before = await settle()
  await startSessions(app, companyId, 'sandbox', n, 'CONNECTED')
  const base = await settle()
  for (let b = 0; b < SANDBOX_BATCHES; b++) await startSessions(app, companyId, 'sandbox', n, 'CONNECTED')
  const sandbox = await settle()
  await import('@whiskeysockets/baileys')
  const loaded = await settle()
  await startSessions(app, companyId, 'beta-offline', n, 'TIMEOUT')
  const baileys = await settle()
  const sandboxes = SANDBOX_BATCHES * n
  return {
    warmUp: { rss: base.rss - before.rss, heap: base.heap - before.heap },
    sandbox: { rss: (sandbox.rss - base.rss) / sandboxes, heap: (sandbox.heap - base.heap) / sandboxes },
    module: { rss: loaded.rss - sandbox.rss, heap: loaded.heap - sandbox.heap },
    baileys: { rss: (baileys.rss - loaded.rss) / n, heap: (baileys.heap - loaded.heap) / n },
  }
}
