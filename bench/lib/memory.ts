import type { FastifyInstance } from 'fastify'
import { baileysDriver } from '../../plugins/connections/server/baileys/driver.ts'
import { createWhatsapp } from '../../plugins/connections/server/whatsapp-service.ts'
import { OFFLINE_WA_URL } from './settle.ts'

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
