import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Contact } from './models.ts'
import { CONTACT_COLUMNS, contactDto, type ContactJson, type ContactRow } from './serialize.ts'
import { searchKey } from './normalize.ts'
import { nameWords } from './name-words.ts'

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

/** At most this many of a term's words narrow the search through the word index (the rule still checks them all). */
const INDEXED_TERM_WORDS = 5

/**
 * A subquery of the ids of the company's contacts whose name starts with `term` or has it after a space, or whose
 * number starts with its digits, for `whereIn('contactId', ...)` in another plugin's query. The name side reads its
 * candidates from the name word index (contact_search_words: contacts with a word starting with each of the term's
 * words, a range of its key) and keeps those the rule matches; the number side is a prefix of the (company_id, number)
 * index. GLOB on SQLite's binary collation, LIKE on MariaDB: both use the indexes for a prefix.
 */
export function contactIdsMatching(app: FastifyInstance, companyId: number, term: string): Knex.QueryBuilder {
  const glob = (s: string) => s.replace(/[*?[]/g, '[$&]')
  const like = (s: string) => s.replace(/[!%_]/g, '!$&')
  const sqlite = app.dialect === 'sqlite'
  const name = searchKey(term)
  const digits = /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D/g, '') : ''
  const byName = app.knex(Contact.tableName).select('id').where({ companyId })
  const words = nameWords(name).slice(0, INDEXED_TERM_WORDS)
  // A term of no letters or digits ('+', '-') has no word to look up: its contacts are found by the rule alone.
  if (words.length) byName.whereIn('id', wordCandidates(app, companyId, words))
  byName.where((w) => {
    if (sqlite) w.whereRaw('?? GLOB ?', ['nameSearch', `${glob(name)}*`]).orWhereRaw('?? GLOB ?', ['nameSearch', `* ${glob(name)}*`])
    else w.whereRaw("?? LIKE ? ESCAPE '!'", ['nameSearch', `${like(name)}%`]).orWhereRaw("?? LIKE ? ESCAPE '!'", ['nameSearch', `% ${like(name)}%`])
  })
  if (!digits) return byName
  const byNumber = app.knex(Contact.tableName).select('id').where({ companyId })
  if (sqlite) byNumber.whereRaw('?? GLOB ?', ['number', `${digits}*`])
  else byNumber.whereRaw("?? LIKE ? ESCAPE '!'", ['number', `${digits}%`])
  return byName.union(byNumber)
}

/** Ids of the company's contacts with a name word starting with each of these words (letters and digits only). */
function wordCandidates(app: FastifyInstance, companyId: number, words: string[]): Knex.QueryBuilder {
  const starting = (word: string) => {
    const q = app.knex('contactSearchWords').select('contactId').where({ companyId })
    return app.dialect === 'sqlite' ? q.whereRaw('?? GLOB ?', ['word', `${word}*`]) : q.where('word', 'like', `${word}%`)
  }
  const q = starting(words[0]).distinct()
  for (const word of words.slice(1)) q.whereIn('contactId', starting(word))
  return q
}

/** How many person contacts (groups left out) the company gained in [from, to) (null: unbounded on that side). */
export async function countCreated(app: FastifyInstance, companyId: number, range: { from: Date | null; to: Date | null }): Promise<number> {
  const q = app.knex(Contact.tableName).where({ companyId, isGroup: false })
  if (range.from) q.where('createdAt', '>=', range.from)
  if (range.to) q.where('createdAt', '<', range.to)
  const [row] = await q.count({ n: '*' })
  return Number((row as { n: unknown }).n ?? 0)
}
