import t from 'tap'
import { recordFigures } from './lib/figures.ts'
import { customer, inject, signupTenant } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { mariaDbAvailable, startOwnMariaDb } from './lib/services.ts'
import { freePort, productionEnv, spawnServer, tempDir } from './lib/server.ts'
import { atRate, Tally } from './lib/traffic.ts'
import { envSeconds, sleep, waitUntil, within } from '../core/testing/wait.ts'

/**
 * A database restart in the middle of a stream of inbound messages (sandbox driver, real server, MariaDB of our
 * own). The client behaves like a channel that redelivers: an injection that got no 2xx is sent again with the
 * same external id until it gets one. Afterwards every external id that got a 2xx must be stored exactly once.
 */

const RATE = envSeconds('HARDENING_DB_RATE', 200)
const SECONDS = envSeconds('HARDENING_DB_SECONDS', 60)
const CUSTOMERS = 40

t.test(`database restart during ${RATE}/s inbound messages for ${SECONDS} s: 0 lost, 0 duplicated`, { skip: mariaDbAvailable() ?? false }, async (t) => {
  const mariadb = await startOwnMariaDb()
  mariadb.createDatabase('zapdesk_hardening')
  const port = await freePort()
  const server = await spawnServer({ env: productionEnv(port, tempDir('db-restart'), { DATABASE_URL: mariadb.url('zapdesk_hardening'), ACCESS_TOKEN_TTL: '2h' }) }).catch(async (err) => {
    await mariadb.close()
    throw err
  })
  t.teardown(async () => {
    await server.stop()
    await mariadb.close()
  })
  const tenant = await signupTenant(server.url)
  const db = serverDb(server, t)

  const tally = new Tally()
  const accepted = new Set<string>()
  const failed = new Set<string>()
  let retries = 0
  const attempt = async (id: string, n: number) => {
    const res = tally.add(id, await inject(server.url, tenant, { from: customer(n % CUSTOMERS), name: `Customer ${n % CUSTOMERS}`, body: `message ${id}`, id }, 30_000))
    if (res.status === 201) {
      accepted.add(id)
      failed.delete(id)
    } else failed.add(id)
  }
  // The redelivery loop: ids without a 2xx go again, a few at a time, until each has one.
  let streaming = true
  const redeliver = (async () => {
    while (streaming || failed.size > 0) {
      const batch = [...failed].slice(0, 20)
      if (batch.length === 0) {
        await sleep(200)
        continue
      }
      retries += batch.length
      await Promise.all(batch.map((id) => attempt(id, Number(id.slice(2)))))
      await sleep(250)
    }
  })()

  // The restart, a third of the way in.
  let outage = { stoppedAt: 0, startedAt: 0 }
  const restart = (async () => {
    await sleep((SECONDS * 1000) / 3)
    outage.stoppedAt = Date.now()
    await mariadb.stop()
    await mariadb.start()
    outage.startedAt = Date.now()
  })()
  const stream = await atRate(RATE, SECONDS, (n) => attempt(`db${n}`, n), { maxInFlight: 400 })
  const overflow = Math.round(RATE * SECONDS) - stream.fired
  // Those the cap held back are redelivered like failures.
  for (let n = 0; n < Math.round(RATE * SECONDS); n++) if (!accepted.has(`db${n}`) && !failed.has(`db${n}`)) failed.add(`db${n}`)
  await restart
  streaming = false
  await within(redeliver, 180_000)
  t.equal(failed.size, 0, `every injection got its 2xx in the end (${retries} redeliveries)`)

  const total = Math.round(RATE * SECONDS)
  const storedCount = async () => Number((await db('messages').where({ companyId: tenant.companyId, fromMe: false }).count({ n: '*' }))[0].n)
  // The pipeline runs after the 2xx: wait until it has caught up (or has not moved for 15 s).
  let last = -1
  let still = 0
  await waitUntil('the pipeline to catch up', async () => {
    const now = await storedCount()
    still = now === last ? still + 1 : 0
    last = now
    return now >= accepted.size || still >= 5
  }, { timeoutMs: 180_000, intervalMs: 3000 })
  const rows = (await db('messages').where({ companyId: tenant.companyId, fromMe: false }).select('externalId')) as Array<{ externalId: string }>
  const seen = new Map<string, number>()
  for (const r of rows) seen.set(r.externalId, (seen.get(r.externalId) ?? 0) + 1)
  const lost = [...accepted].filter((id) => !seen.has(id))
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([id]) => id)
  const openTickets = (await db('tickets').where({ companyId: tenant.companyId }).whereNotNull('active').groupBy('contactId').select('contactId').count({ n: '*' })) as Array<{ n: number }>
  const doubleTickets = openTickets.filter((r) => Number(r.n) > 1).length
  const outageMs = outage.startedAt - outage.stoppedAt
  const achieved = Math.round((stream.fired / stream.ms) * 1000)
  t.comment(`stream: ${stream.fired} fired in ${stream.ms} ms (${achieved}/s), ${overflow} held back by the in-flight cap; answers: ${tally.summary()}`)
  t.comment(`database down ${outageMs} ms; ${retries} redeliveries; stored ${rows.length} of ${accepted.size} accepted (${total} distinct ids)`)
  t.equal(accepted.size, total, 'every distinct id was accepted once the database was back')
  t.same(lost.slice(0, 20), [], `no accepted message lost (${lost.length} lost)`)
  if (lost.length) t.comment(`server errors:\n${server.logs().split('\n').filter((l) => l.includes('"level":50')).slice(0, 5).join('\n')}`)
  t.same(duplicated, [], 'no message stored twice')
  t.equal(doubleTickets, 0, 'still one open ticket per customer')
  t.equal(openTickets.length, CUSTOMERS, `${CUSTOMERS} customers, ${CUSTOMERS} open tickets`)
  t.ok(server.alive(), 'the server rode out the restart')
  recordFigures(t, {
    area: 'faults: database restart, inbound stream', attempts: tally.sent, refused: tally.errors, serverErrors: tally.serverErrors, lost: lost.length, duplicated: duplicated.length,
    note: `${total} messages offered at ${RATE}/s, ${achieved}/s achieved; database down ${outageMs} ms; answers ${tally.summary().split('; ')[1]}; ${retries} redeliveries`,
  })
})
