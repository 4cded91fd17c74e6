/**
 * Cold start: time from spawning the compiled server as production runs it (`npm run build`, then `node
 * dist/core/server.js`: production env, a data dir / database holding 50 stored sandbox connections,
 * ZAPDESK_SESSIONS_AUTOSTART=true) to GET /api/version answering 200. Baseline: a bare Fastify process started the
 * same way (plain node, JavaScript) answering the same route. Median of several runs. The server is compiled first.
 *   node --import ./scripts/typescript.mjs bench/cold-start.ts [--runs 5] [--connections 50] [--profile DIR: CPU profiles of the server's starts]
 */
import { execFileSync } from 'node:child_process'
import { createBenchCompany } from './lib/app.ts'
import { full, option, target, textOption } from './lib/env.ts'
import { record } from './lib/results.ts'
import { prepareInstall, spawnServer } from './lib/server-process.ts'
import { ms, summarize } from './lib/stats.ts'
import { createWhatsapp } from '../plugins/connections/server/whatsapp-service.ts'

const RUNS = option('runs', full ? 10 : 5)
const PROFILE = textOption('profile')
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
const CONNECTIONS = option('connections', 50)
console.log(`cold start: ${RUNS} runs, ${CONNECTIONS} stored sandbox connections; ${target()}`)

const { install } = await prepareInstall(async (app) => {
  // Ten companies of five connections: what a previous run left, every one CONNECTED (so all start at boot).
  for (let i = 0; i < CONNECTIONS; i++) {
    const companyId = i % 5 === 0 ? (await createBenchCompany(app, i, 1)).id : (await app.knex('companies').max({ id: 'id' }).first())!.id
    const { created } = await createWhatsapp(app, companyId, { name: `Sandbox ${i}`, provider: 'sandbox' })
    await app.knex('whatsapps').where({ id: created.id }).update({ status: 'CONNECTED' })
  }
})
try {
  const env = { ...install.env, ZAPDESK_SESSIONS_AUTOSTART: 'true' }
  const server: number[] = []
  const bare: number[] = []
  // Alternating, one warm-up each (the first run of a file fills the OS page cache).
  for (let r = -1; r < RUNS; r++) {
    const s = await spawnServer({ file: 'dist/core/server.js', env, nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [] })
    await s.stop()
    const b = await spawnServer({ file: 'bench/lib/bare-version-server.mjs', env: {} })
    await b.stop()
    if (r < 0) continue
    server.push(s.readyMs)
    bare.push(b.readyMs)
  }
  const s = summarize(server)
  const b = summarize(bare)
  console.log(`server: p50 ${ms(s.p50)} ms, max ${ms(s.max)} ms; bare Fastify: p50 ${ms(b.p50)} ms, max ${ms(b.max)} ms`)
  record({
    'coldStart.version': { value: s.p50, unit: 'ms', baseline: b.p50, baselineOf: 'bare Fastify process started the same way (plain node)', target: { max: 2, of: 'ratio' }, size: `${CONNECTIONS} stored sandbox connections, median of ${RUNS}` },
  })
} finally {
  await install.drop()
}
