import { buildApp } from './app.ts'
import { seedFirstRun } from './accounts/seed.ts'
import { ConfigError } from '../config/index.ts'
import { loadEnvFile } from '../config/env-file.ts'

/** Starts the platform: build, migrate, seed a first run, listen, start the job workers; closes cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  loadEnvFile()
  let app
  try {
    // The job workers and the background work (sweeps, sessions) start once the server listens: a start answers
    // sooner, and jobs queued at boot wait for them.
    app = await buildApp({ startJobs: false })
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(78)
    }
    throw err
  }
  await seedFirstRun(app, (line) => console.log(`\n  ${line}\n`))
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ port: app.config.port, host: app.config.host })
  console.log(`Zapdesk 6.0.0 listening on http://localhost:${(app.server.address() as { port: number }).port} (${app.dialect}${app.redis ? ' + redis' : ''})`)
  try {
    await app.jobs.start()
    await app.background.begin()
  } catch (err) {
    // A stop signal during the start closes the queue under it; anything else ends the process as a failed build would.
    if (!closing) throw err
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
