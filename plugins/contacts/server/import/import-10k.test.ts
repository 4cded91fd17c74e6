import t from 'tap'
import { performance } from 'node:perf_hooks'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { upload, xlsx } from '../test-helpers.ts'

const ROWS = 10_000
const numberOf = (i: number) => `5511${900_000_000 + i}`

/**
 * Row i (0-based, sheet line i + 2) is bad when i % 100 === 99 (100 rows), repeats the previous row's number when
 * i % 250 === 3 (40 rows), and names a contact that already exists when i % 200 === 10 (50 rows). These sets do not
 * overlap, so exactly 10000 - 190 = 9810 contacts are new.
 */
function sheetRows(): unknown[][] {
  const rows: unknown[][] = [['name', 'number', 'email']]
  for (let i = 0; i < ROWS; i++) {
    const number = i % 100 === 99 ? 'sem número' : i % 250 === 3 ? numberOf(i - 1) : numberOf(i)
    rows.push([`Contato ${i}`, number, i % 2 ? `c${i}@example.com` : ''])
  }
  return rows
}

t.test('a 10k-row spreadsheet imports in batches while the server keeps answering', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const existing = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 200 === 10)
  await app.knex('contacts').insert(existing.map((i) => ({ companyId: c.id, name: `Antigo ${i}`, nameSearch: `antigo ${i}`, number: numberOf(i), email: '', isGroup: false, createdAt: new Date(), updatedAt: new Date() })))
  const file = await xlsx(sheetRows())
  // Compiling every route's schemas happens on the first request: done now, so the probe measures the import only.
  await app.ready()

  // Probe: a cheap request every 20 ms during the import; its slowest answer shows how long the loop was blocked.
  const latencies: number[] = []
  let importing = true
  const probe = (async () => {
    while (importing) {
      const started = performance.now()
      const res = await app.inject({ method: 'GET', url: '/api/version' })
      if (res.statusCode !== 200) throw new Error(`version answered ${res.statusCode}`)
      latencies.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  const started = performance.now()
  const res = await upload(app, '/contacts/import', c.user.headers, 'dez-mil.xlsx', file)
  const took = performance.now() - started
  importing = false
  await probe

  t.equal(res.statusCode, 200, res.body.slice(0, 200))
  const { newContacts, errorBag } = res.json() as { newContacts: Array<{ number: string }>; errorBag: Array<{ row: number; reason: string }> }
  const reasons = errorBag.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.reason]: (acc[e.reason] ?? 0) + 1 }), {})
  t.equal(newContacts.length, 9810, 'new contacts')
  t.same(reasons, { numberInvalid: 100, duplicatedInFile: 40, duplicated: 50 }, 'each bad row with its reason')
  t.equal(errorBag[0].row, 5, 'rows are sheet lines (row i=3 is line 5)')
  t.equal((await app.knex('contacts').where({ companyId: c.id }).count({ n: '*' }))[0].n, 9860, 'in the database: 50 old + 9810 new')
  t.equal(new Set(newContacts.map((x) => x.number)).size, 9810)
  const slowest = Math.max(...latencies)
  t.comment(`10k import on ${app.dialect}: ${Math.round(took)} ms; /api/version answered ${latencies.length} times during it, slowest ${Math.round(slowest)} ms`)
  t.ok(latencies.length >= 5, 'the server answered other requests during the import')
  // An import that never yields stalls the probe for about its whole time; one that works in batches, for about a
  // batch. Against the import's own time, so a loaded machine (CI's parallel jobs) slows both sides alike.
  t.ok(slowest < Math.max(400, took / 4), `no request waited long (slowest ${Math.round(slowest)} ms of a ${Math.round(took)} ms import)`)
})
