import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Contact } from './models.ts'
import { CONTACT_COLUMNS, contactDto, type ContactJson, type ContactRow } from './serialize.ts'
import { nameSearch, whereNameMatches } from './name-match.ts'

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

/** What a term's contact search binds: name patterns (name-match.ts) and a number prefix; strings or placeholders. */
export type ContactSearchValues = Record<string, string>
/** What its SQL depends on: how many name words it looks up, whether it looks up a number. */
export interface ContactSearchShape {
  words: number
  number: boolean
}

/**
 * A term's contact search as values and a shape (a compiled statement's, core/db/statement.ts), keys prefixed
 * `contact`: the term's digits are a number prefix when it is only digits and separators.
 */
export function contactSearch(app: FastifyInstance, term: string): { values: ContactSearchValues; shape: ContactSearchShape } {
  const name = nameSearch(app, term)
  const values: ContactSearchValues = { contactNameStart: name.start, contactNameInner: name.inner }
  name.words.forEach((w, i) => { values[`contactWord${i}`] = w })
  const digits = /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D/g, '') : ''
  if (digits) values.contactNumber = app.dialect === 'sqlite' ? `${digits}*` : `${digits}%`
  return { values, shape: { words: name.words.length, number: Boolean(digits) } }
}

/**
 * A subquery of the ids of the company's contacts whose name the search matches (name-match.ts) or whose number
 * starts with its digits (the (company_id, number) index), from contactSearch's values and shape, for
 * `whereIn('contactId', ...)` in another plugin's query.
 */
export function contactIdsSearched(app: FastifyInstance, companyId: number, values: ContactSearchValues, shape: ContactSearchShape): Knex.QueryBuilder {
  const byName = app.knex(Contact.tableName).select('contacts.id').where('contacts.companyId', companyId)
  const words = Array.from({ length: shape.words }, (_, i) => values[`contactWord${i}`])
  whereNameMatches(app, byName, companyId, { words, start: values.contactNameStart, inner: values.contactNameInner })
  if (!shape.number) return byName
  const byNumber = app.knex(Contact.tableName).select('contacts.id').where('contacts.companyId', companyId)
  if (app.dialect === 'sqlite') byNumber.whereRaw('?? GLOB ?', ['contacts.number', values.contactNumber])
  else byNumber.whereRaw("?? LIKE ? ESCAPE '!'", ['contacts.number', values.contactNumber])
  return byName.union(byNumber)
}

/** contactIdsSearched for a term. */
export function contactIdsMatching(app: FastifyInstance, companyId: number, term: string): Knex.QueryBuilder {
  const { values, shape } = contactSearch(app, term)
  return contactIdsSearched(app, companyId, values, shape)
}

/** How many person contacts (groups left out) the company gained in [from, to) (null: unbounded on that side). */
export async function countCreated(app: FastifyInstance, companyId: number, range: { from: Date | null; to: Date | null }): Promise<number> {
  const q = app.knex(Contact.tableName).where({ companyId, isGroup: false })
  if (range.from) q.where('createdAt', '>=', range.from)
  if (range.to) q.where('createdAt', '<', range.to)
  const [row] = await q.count({ n: '*' })
  return Number((row as { n: unknown }).n ?? 0)
}
