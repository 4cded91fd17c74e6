/**
 * Ticket list and search: tickets, contacts, messages and the search word index bulk-inserted straight into the
 * tables across 50 companies (the 100k tickets / 1M messages by default: about 2 minutes of seeding on
 * MariaDB; `--tickets 10000 --messages 100000` for a quick run), then GET /api/tickets
 * through HTTP (keep-alive sockets from a client process, real tokens of admins and agents): lists by status and
 * page, and searches (searchParam: words of the messages, contact names). Figures: req/s and p50/p99 of each,
 * against the raw indexed SQL query run the same way in this process, and a Fastify hello-world route of the same app.
 *   node --import tsx bench/list.ts [--tickets 100000] [--messages 1000000] [--concurrency 8] [--seconds 5]
 */
import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import { benchApp, createBenchCompany, type BenchCompany } from './lib/app.ts'
import { full, option, target } from './lib/env.ts'
import { record } from './lib/results.ts'
import { closedLoop, ms, rng, summarize } from './lib/stats.ts'
import { startClient } from './lib/worker.ts'
import type { HttpLoadResult, HttpRequestSpec } from './lib/client.ts'
import { createWhatsapp } from '../plugins/connections/server/whatsapp-service.ts'
import { wordsOf } from '../plugins/tickets/server/search-words.ts'

const COMPANIES = option('companies', 50)
const TICKETS = option('tickets', 100_000)
const MESSAGES = option('messages', 1_000_000)
const CONCURRENCY = option('concurrency', 8)
const SECONDS = option('seconds', full ? 15 : 5)
const perCompany = Math.ceil(TICKETS / COMPANIES)
const perTicket = Math.max(1, Math.round(MESSAGES / TICKETS))
console.log(`list: ${TICKETS} tickets, ${perTicket * TICKETS} messages in ${COMPANIES} companies; ${CONCURRENCY} concurrent, ${SECONDS} s per phase; ${target()}`)

const random = rng()
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]
const SYLLABLES = ['ca', 'pe', 'dro', 'en', 'tre', 'ga', 'pra', 'zo', 'ma', 'ri', 'lo', 'ven', 'da', 'nos', 'ta', 'bo', 'le', 'to', 'fi', 'xa', 'cre', 'di', 'mu', 'sa']
const VOCABULARY = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''))
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Marina', 'Nicolas', 'Olívia', 'Paulo', 'Renata', 'Sérgio', 'Tatiana', 'Vitor']
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes', 'Martins', 'Araújo', 'Barbosa']
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()

/** Multi-row inserts in chunks, inside one transaction per table batch. */
async function bulk(app: FastifyInstance, table: string, rows: Record<string, unknown>[], chunk = 400): Promise<void> {
  // SQLite's multi-row insert is a compound SELECT: at most 500 terms.
  if (app.dialect === 'sqlite') chunk = Math.min(chunk, 400)
  await app.knex.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk))
  })
}

async function seed(app: FastifyInstance): Promise<Array<BenchCompany & { words: string[] }>> {
  const companies: Array<BenchCompany & { words: string[] }> = []
  let contactId = 0
  let ticketId = 0
  let messageId = 0
  const started = Date.now()
  const now = Date.now()
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createBenchCompany(app, c, 2)
    const { created: whatsapp } = await createWhatsapp(app, company.id, { name: 'Sandbox', provider: 'sandbox' })
    const agents = company.agents.map((a) => a.userId)
    const contacts: Record<string, unknown>[] = []
    const tickets: Record<string, unknown>[] = []
    const messages: Record<string, unknown>[] = []
    const words: Record<string, unknown>[] = []
    const used = new Set<string>()
    for (let t = 0; t < perCompany; t++) {
      const name = `${pick(FIRST)} ${pick(LAST)}`
      const at = new Date(now - Math.floor(random() * 90 * 86400_000))
      contacts.push({ id: ++contactId, companyId: company.id, name, nameSearch: plain(name), number: `55${String(10 + c)}9${String(t).padStart(8, '0')}`, email: '', isGroup: false, createdAt: at, updatedAt: at })
      const r = random()
      const status = r < 0.1 ? 'pending' : r < 0.3 ? 'open' : 'closed'
      const id = ++ticketId
      const texts: string[] = []
      for (let m = 0; m < perTicket; m++) {
        const body = Array.from({ length: 4 }, () => pick(VOCABULARY)).join(' ')
        texts.push(body)
        const mAt = new Date(at.getTime() + m * 60_000)
        messages.push({ id: ++messageId, companyId: company.id, ticketId: id, contactId, whatsappId: whatsapp.id, externalId: `SEED${messageId}`, body, fromMe: m % 2 === 1, read: true, mediaType: 'chat', ack: m % 2 ? 3 : 0, isDeleted: false, isEdited: false, sendAttempts: 0, createdAt: mAt, updatedAt: mAt })
      }
      const last = new Date(at.getTime() + perTicket * 60_000)
      tickets.push({
        id, companyId: company.id, uuid: randomUUID(), status, active: status === 'closed' ? null : 1, contactId, whatsappId: whatsapp.id,
        userId: status === 'open' ? pick(agents) : status === 'closed' ? pick(agents) : null, queueId: null, lastMessage: texts[texts.length - 1], lastMessageAt: last,
        unreadMessages: status === 'pending' ? 1 : 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, awaitingRating: false, useIntegration: false, createdAt: at, updatedAt: last,
      })
      for (const w of wordsOf(texts.join(' '))) {
        const key = `${w}:${id}`
        if (!used.has(key)) words.push({ companyId: company.id, word: w, ticketId: id })
        used.add(key)
      }
    }
    await bulk(app, 'contacts', contacts)
    await bulk(app, 'tickets', tickets)
    await bulk(app, 'messages', messages, 400)
    await bulk(app, 'ticketSearchWords', words, 1000)
    companies.push({ ...company, words: [...new Set(words.map((w) => w.word as string))] })
    if (c % 10 === 9) console.log(`  seeded ${c + 1}/${COMPANIES} companies (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  }
  if (app.dialect === 'mysql') for (const t of ['tickets', 'messages', 'contacts', 'ticket_search_words']) await app.knex.raw(`ANALYZE TABLE ${t}`)
  else await app.knex.raw('ANALYZE')
  return companies
}

const bench = await benchApp({}, (app) => {
  app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }))
})
const { app } = bench
const client = startClient(new URL('./lib/client.ts', import.meta.url))
try {
  const companies = await seed(app)
  const counts = await Promise.all(['tickets', 'messages', 'ticketSearchWords'].map(async (t) => Number((await app.knex(t).count({ n: '*' }))[0].n)))
  console.log(`seeded ${counts[0]} tickets, ${counts[1]} messages, ${counts[2]} search words`)

  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  const listRequests: HttpRequestSpec[] = []
  const searchRequests: HttpRequestSpec[] = []
  const rawList: Array<{ companyId: number; status: string; page: number }> = []
  const rawSearch: Array<{ companyId: number; word: string }> = []
  for (let i = 0; i < 1000; i++) {
    const company = pick(companies)
    const admin = random() < 0.5
    const token = admin ? company.admin.token : pick(company.agents).token
    const status = pick(['open', 'pending', 'open', 'closed'])
    const page = 1 + Math.floor(random() * 3)
    listRequests.push({ path: `/api/tickets?status=${status}&showAll=${admin}&pageNumber=${page}`, headers: as(token) })
    rawList.push({ companyId: company.id, status, page })
    // Half the searches are a message word's first 4+ letters, half a contact's first name.
    const term = random() < 0.5 ? pick(company.words).slice(0, 4 + Math.floor(random() * 3)) : plain(pick(FIRST))
    searchRequests.push({ path: `/api/tickets?searchParam=${encodeURIComponent(term)}&showAll=${admin}&pageNumber=1`, headers: as(token) })
    rawSearch.push({ companyId: company.id, word: term })
  }

  const http = async (requests: HttpRequestSpec[]) => {
    await client.call('httpLoad', { base: bench.base, requests, concurrency: CONCURRENCY, durationMs: 1000 })
    const r = await client.call<HttpLoadResult>('httpLoad', { base: bench.base, requests, concurrency: CONCURRENCY, durationMs: SECONDS * 1000 })
    if (r.errors) throw new Error(`${r.errors} failed requests: ${r.firstError}`)
    return r
  }
  const sql = async (task: (i: number) => Promise<unknown>) => {
    await closedLoop(task, { concurrency: CONCURRENCY, durationMs: 1000 })
    const r = await closedLoop(task, { concurrency: CONCURRENCY, durationMs: SECONDS * 1000 })
    if (r.errors) throw r.firstError
    const s = summarize(r.latencies)
    return { rate: (s.n / r.elapsedMs) * 1000, p50: s.p50, p99: s.p99 }
  }

  const hello = await http([{ path: '/bench/hello' }])
  const list = await http(listRequests)
  const search = await http(searchRequests)
  const rawListed = await sql((i) => {
    const q = rawList[i % rawList.length]
    return app.knex('tickets').where({ companyId: q.companyId, status: q.status }).orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(41).offset((q.page - 1) * 40)
  })
  const rawSearched = await sql((i) => {
    const q = rawSearch[i % rawSearch.length]
    return app.knex('tickets').where({ companyId: q.companyId })
      .whereIn('id', app.knex('ticketSearchWords').distinct('ticketId').where({ companyId: q.companyId }).where('word', 'like', `${q.word}%`))
      .orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(41)
  })
  const line = (what: string, r: { rate: number; p50: number; p99: number }) => console.log(`${what.padEnd(22)} ${r.rate.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms`)
  line('hello-world (HTTP)', hello)
  line('GET /tickets list', list)
  line('raw list SQL', rawListed)
  line('GET /tickets search', search)
  line('raw search SQL', rawSearched)
  const size = `${counts[0]} tickets, ${counts[1]} messages, ${COMPANIES} companies, ${CONCURRENCY} concurrent`
  record({
    'list.rate': { value: list.rate, unit: 'req/s', baseline: hello.rate, baselineOf: 'Fastify hello-world route, same app and client', target: { min: 0.15, of: 'ratio' }, size },
    'list.p50': { value: list.p50, unit: 'ms', baseline: rawListed.p50, baselineOf: 'raw indexed SQL list query', target: { max: 3, of: 'ratio' }, size },
    'list.p99': { value: list.p99, unit: 'ms', baseline: rawListed.p99, baselineOf: 'raw indexed SQL list query', target: { max: 4, of: 'ratio' }, size },
    'search.rate': { value: search.rate, unit: 'req/s', baseline: hello.rate, baselineOf: 'Fastify hello-world route, same app and client', target: { min: 0.15, of: 'ratio' }, size },
    'search.p50': { value: search.p50, unit: 'ms', baseline: rawSearched.p50, baselineOf: 'raw word-index SQL search', target: { max: 3, of: 'ratio' }, size },
    'search.p99': { value: search.p99, unit: 'ms', baseline: rawSearched.p99, baselineOf: 'raw word-index SQL search', target: { max: 4, of: 'ratio' }, size },
  })
} finally {
  await client.close()
  await bench.close()
}
