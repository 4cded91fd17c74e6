import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Contact } from './models.ts'
import { CONTACT_COLUMNS, contactDto, type ContactJson, type ContactRow } from './serialize.ts'
import { whereNameMatches } from './name-match.ts'

/*
 * Read services for other plugins (declared in public.ts): they never name the contacts table, so what they need
 * from it — a page's contacts by id, the ids matching a search, counts — is built here.
 */

/** The company's contacts with these ids, keyed by id, in one query (ids of other companies are simply absent). */
export async function contactsByIds(app: FastifyInstance, companyId: number, ids: number[]): Promise<Map<number, ContactJson>> {
  const wanted = [...new Set(ids)]
  if (!wanted.length) return new Map()
  // Plain rows of the DTO's columns (no model instances): every ticket page and messages page asks for these.
  const rows: ContactRow[] = await app.knex(Contact.tableName).where({ companyId }).whereIn('id', wanted).select(...CONTACT_COLUMNS)
  return new Map(rows.map((c) => [Number(c.id), contactDto(c)]))
}

/**
 * A subquery of the ids of the company's contacts whose name the term matches (name-match.ts) or whose number starts
 * with its digits (the (company_id, number) index), for `whereIn('contactId', ...)` in another plugin's query.
 */
export function contactIdsMatching(app: FastifyInstance, companyId: number, term: string): Knex.QueryBuilder {
  const byName = app.knex(Contact.tableName).select('contacts.id').where('contacts.companyId', companyId)
  whereNameMatches(app, byName, companyId, term)
  const digits = /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D/g, '') : ''
  if (!digits) return byName
  const byNumber = app.knex(Contact.tableName).select('contacts.id').where('contacts.companyId', companyId)
  if (app.dialect === 'sqlite') byNumber.whereRaw('?? GLOB ?', ['contacts.number', `${digits}*`])
  else byNumber.whereRaw("?? LIKE ? ESCAPE '!'", ['contacts.number', `${digits}%`])
  return byName.union(byNumber)
}

/** How many person contacts (groups left out) the company gained in [from, to) (null: unbounded on that side). */
export async function countCreated(app: FastifyInstance, companyId: number, range: { from: Date | null; to: Date | null }): Promise<number> {
  const q = app.knex(Contact.tableName).where({ companyId, isGroup: false })
  if (range.from) q.where('createdAt', '>=', range.from)
  if (range.to) q.where('createdAt', '<', range.to)
  const [row] = await q.count({ n: '*' })
  return Number((row as { n: unknown }).n ?? 0)
}
