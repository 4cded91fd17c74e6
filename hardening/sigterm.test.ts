import t from 'tap'
import { recordFigures } from './lib/figures.ts'
import { createAgents, customer, inject, request, signupTenant, type Answer } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { freePort, productionEnv, spawnServer, tempDir } from './lib/server.ts'
import { Tally } from './lib/traffic.ts'
import { within } from '../core/testing/wait.ts'

/**
 * SIGTERM under load: a real server (production mode) serving 50 concurrent clients, then a burst of 50 requests
 * (sign-ins with real bcrypt work, ticket lists, inbound messages) that the server has received but not finished
 * when SIGTERM arrives. Every one of them must complete, the process must exit 0, and every inbound message that
 * got its 201 must be in the database.
 */

const WORKERS = 50

t.test('SIGTERM with ~50 requests in flight: all complete, exit code 0, nothing accepted is lost', async (t) => {
  const port = await freePort()
  // info: the server logs every request it reads ("incoming request"), which tells when the burst has arrived.
  const server = await spawnServer({ env: productionEnv(port, tempDir('sigterm'), { LOG_LEVEL: 'info', BCRYPT_COST: '11', TRUST_PROXY: 'true' }) })
  t.teardown(() => server.stop(2000))
  const tenant = await signupTenant(server.url)
  const agents = await createAgents(server.url, tenant, 12)
  const base = server.url
  const token = tenant.admin.token
  let injected = 0
  let signIns = 0
  const accepted = new Set<string>()
  const call = (kind: number, n: number): Promise<Answer> => {
    switch (kind) {
      case 0: {
        // Each agent signs in from an address of its own, in turn: the per-address limit (5) counts concurrent
        // attempts too, so sign-ins are spread over every agent rather than over the few that `n` would pick.
        const i = signIns++ % agents.length
        return request(base, 'POST', '/auth/login', { body: { email: agents[i].email, password: agents[i].password }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })
      }
      case 1: return request(base, 'GET', '/tickets?showAll=true', { token })
      case 2: return request(base, 'GET', '/contacts', { token })
      default: {
        const id = `sig${injected++}`
        return inject(base, tenant, { from: customer(n % 20), body: `message ${id}`, id }).then((res) => {
          if (res.status === 201) accepted.add(id)
          return res
        })
      }
    }
  }

  // Warm-up: 50 clients in a loop for a few seconds, every answer a success.
  const load = new Tally()
  const until = Date.now() + 4000
  let n = 0
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (Date.now() < until) {
      n++
      load.add('load', await call(n % 4, n))
    }
  }))
  t.equal(load.errors, 0, `load before the signal: ${load.summary()}`)

  // The burst: 50 requests at once (30 sign-ins, the slow part), SIGTERM as soon as the server has logged reading
  // them all. The signal is sent from the log listener itself, in the same turn that sees the last line: a timer
  // polling the logs could run after this process had already read every answer. The server's log lines can still
  // reach this process late on a busy machine (all 50 answers read first, once in CI); then that burst is not
  // signalled: it must still succeed in full, and another one is sent.
  const incoming = () => (server.logs().match(/"msg":"incoming request"/g) ?? []).length
  const burst = new Tally()
  let inFlight = -1
  let signalledAt = 0
  let bursts = 0
  while (!signalledAt && bursts < 5) {
    bursts++
    const before = incoming()
    let settled = 0
    let onLog = (): void => undefined
    const allRead = new Promise<boolean>((resolve) => {
      onLog = () => {
        if (incoming() < before + WORKERS) return
        server.child.stdout!.off('data', onLog)
        if (WORKERS - settled < 10) return resolve(false)
        inFlight = WORKERS - settled
        signalledAt = Date.now()
        server.signal('SIGTERM')
        resolve(true)
      }
      // After spawnServer's own listener, which appends the chunk to the logs.
      server.child.stdout!.on('data', onLog)
    })
    const answers = Array.from({ length: WORKERS }, (_, i) => call(i < 30 ? 0 : 1 + (i % 3), i).then((res) => {
      settled++
      return burst.add('burst', res)
    }))
    // Whether this burst was signalled (true) or missed (false); undefined: the server never logged reading it.
    const outcome = await within(allRead, 60_000)
    if (outcome === undefined) throw new Error(`the server logged reading ${incoming() - before} of the ${WORKERS} requests in 60 s`)
    await Promise.all(answers)
    server.child.stdout!.off('data', onLog)
  }
  if (!signalledAt) throw new Error(`none of ${bursts} bursts was still in flight when the server had logged reading it`)
  const exit = await server.exited
  const shutdownMs = Date.now() - signalledAt
  t.ok(inFlight >= 10, `${inFlight} of the ${WORKERS} requests were still in flight at SIGTERM`)
  t.equal(burst.ok, WORKERS * bursts, `every request of ${bursts} burst(s) completed: ${burst.summary()}`)
  t.same(exit, { code: 0, signal: null }, `exit code 0 after ${shutdownMs} ms`)
  const late = await request(base, 'GET', '/api/version')
  t.equal(late.status, 0, 'the port is closed afterwards')

  const db = serverDb(server, t)
  const stored = new Set((await db('messages').where({ companyId: tenant.companyId, fromMe: false }).select('externalId')).map((r) => r.externalId as string))
  const lost = [...accepted].filter((id) => !stored.has(id))
  t.same(lost, [], `all ${accepted.size} accepted inbound messages are stored`)
  recordFigures(t, {
    area: 'faults: SIGTERM under load', attempts: load.sent + burst.sent, refused: 0, serverErrors: load.serverErrors + burst.serverErrors, lost: lost.length,
    note: `${inFlight}/${WORKERS} in flight at SIGTERM (burst ${bursts}), all completed; exit ${exit.code} in ${shutdownMs} ms; ${accepted.size} inbound stored`,
  })
})
