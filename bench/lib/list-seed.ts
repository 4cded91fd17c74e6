/**
 * The list benchmark's data: tickets, contacts, messages and the search word indexes (of messages and of contact
 * names) bulk-inserted straight into the tables across companies (each with an admin and two agents holding real
 * tokens, and one sandbox connection).
 */
import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import { createBenchCompany, type BenchCompany } from './app.ts'
import { createWhatsapp } from '../../plugins/connections/server/whatsapp-service.ts'
import { wordsOf } from '../../plugins/tickets/server/search-words.ts'
import { nameWords } from '../../plugins/contacts/server/name-words.ts'

export interface ListSizes {
  companies: number
  tickets: number
  messages: number
}

export interface SeededCompany extends BenchCompany {
  /** The words of its messages (the search index's). */
  words: string[]
  /** Its tickets' ids, with who holds each (null: waiting), as seeded. */
  tickets: Array<{ id: number; status: string; userId: number | null }>
}

const SYLLABLES = ['ca', 'pe', 'dro', 'en', 'tre', 'ga', 'pra', 'zo', 'ma', 'ri', 'lo', 'ven', 'da', 'nos', 'ta', 'bo', 'le', 'to', 'fi', 'xa', 'cre', 'di', 'mu', 'sa']
export const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Marina', 'Nicolas', 'Olívia', 'Paulo', 'Renata', 'Sérgio', 'Tatiana', 'Vitor']
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes', 'Martins', 'Araújo', 'Barbosa']
export const plain = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()

/** Multi-row inserts in chunks, inside one transaction per table batch. */
async function bulk(app: FastifyInstance, table: string, rows: Record<string, unknown>[], chunk = 400): Promise<void> {
  // SQLite's multi-row insert is a compound SELECT: at most 500 terms.
  if (app.dialect === 'sqlite') chunk = Math.min(chunk, 400)
  await app.knex.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk))
  })
}

export async function seedList(app: FastifyInstance, sizes: ListSizes, random: () => number): Promise<SeededCompany[]> {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]
  const vocabulary = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''))
  const perCompany = Math.ceil(sizes.tickets / sizes.companies)
  const perTicket = Math.max(1, Math.round(sizes.messages / sizes.tickets))
  const companies: SeededCompany[] = []
  let contactId = 0
  let ticketId = 0
  let messageId = 0
  const started = Date.now()
  const now = Date.now()
  for (let c = 0; c < sizes.companies; c++) {
    const company = await createBenchCompany(app, c, 2)
    const { created: whatsapp } = await createWhatsapp(app, company.id, { name: 'Sandbox', provider: 'sandbox' })
    const agents = company.agents.map((a) => a.userId)
    const contacts: Record<string, unknown>[] = []
    const tickets: Record<string, unknown>[] = []
    const messages: Record<string, unknown>[] = []
    const words: Record<string, unknown>[] = []
    const nameWordRows: Record<string, unknown>[] = []
    const used = new Set<string>()
    for (let t = 0; t < perCompany; t++) {
      const name = `${pick(FIRST)} ${pick(LAST)}`
      const at = new Date(now - Math.floor(random() * 90 * 86400_000))
      contacts.push({ id: ++contactId, companyId: company.id, name, nameSearch: plain(name), number: `55${String(10 + c)}9${String(t).padStart(8, '0')}`, email: '', isGroup: false, createdAt: at, updatedAt: at })
      for (const word of nameWords(plain(name))) nameWordRows.push({ companyId: company.id, word, contactId })
      const r = random()
      const status = r < 0.1 ? 'pending' : r < 0.3 ? 'open' : 'closed'
      const id = ++ticketId
      const texts: string[] = []
      for (let m = 0; m < perTicket; m++) {
        const body = Array.from({ length: 4 }, () => pick(vocabulary)).join(' ')
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
    await bulk(app, 'contactSearchWords', nameWordRows, 1000)
    await bulk(app, 'tickets', tickets)
    await bulk(app, 'messages', messages, 400)
    await bulk(app, 'ticketSearchWords', words, 1000)
    companies.push({
      ...company,
      words: [...new Set(words.map((w) => w.word as string))],
      tickets: tickets.map((t) => ({ id: t.id as number, status: t.status as string, userId: t.userId as number | null })),
    })
    if (c % 10 === 9) console.log(`  seeded ${c + 1}/${sizes.companies} companies (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  }
  if (app.dialect === 'mysql') for (const t of ['tickets', 'messages', 'contacts', 'ticket_search_words', 'contact_search_words']) await app.knex.raw(`ANALYZE TABLE ${t}`)
  else await app.knex.raw('ANALYZE')
  return companies
}
