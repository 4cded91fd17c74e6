/**
 * A fresh process (client of bench/memory.ts, with --expose-gc) that builds the platform and measures what idle
 * sessions add, as bench/connections-memory.ts does: N sandbox connections, the Baileys module, N offline Baileys
 * sessions. In the bench's own process earlier work's garbage would blur figures this small.
 */
import { benchApp, createBenchCompany } from './app.ts'
import { settle, startSessions, useOfflineBaileys } from './memory.ts'
import { serveClient } from './worker.ts'

serveClient({
  async measure({ n }: { n: number }) {
    const bench = await benchApp()
    try {
      const { app } = bench
      useOfflineBaileys(app)
      const owner = await createBenchCompany(app, 0, 0)
      const base = await settle()
      await startSessions(app, owner.id, 'sandbox', n, 'CONNECTED')
      const sandbox = await settle()
      await import('@whiskeysockets/baileys')
      const loaded = await settle()
      await startSessions(app, owner.id, 'beta-offline', n, 'TIMEOUT')
      const baileys = await settle()
      return {
        sandbox: { rss: (sandbox.rss - base.rss) / n, heap: (sandbox.heap - base.heap) / n },
        module: { rss: loaded.rss - sandbox.rss, heap: loaded.heap - sandbox.heap },
        baileys: { rss: (baileys.rss - loaded.rss) / n, heap: (baileys.heap - loaded.heap) / n },
      }
    } finally {
      await bench.close()
    }
  },
})
