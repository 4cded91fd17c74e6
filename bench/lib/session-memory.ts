/**
 * A fresh process (client of bench/memory.ts, with --expose-gc) that builds the platform and measures what idle
 * sessions add, as bench/connections-memory.ts does (measureSessions). In the bench's own process earlier work's
 * garbage would blur figures this small.
 */
import { benchApp, createBenchCompany } from './app.ts'
import { measureSessions } from './memory.ts'
import { serveClient } from './worker.ts'

serveClient({
  async measure({ n }: { n: number }) {
    const bench = await benchApp()
    try {
      const owner = await createBenchCompany(bench.app, 0, 0)
      return await measureSessions(bench.app, owner.id, n)
    } finally {
      await bench.close()
    }
  },
})
