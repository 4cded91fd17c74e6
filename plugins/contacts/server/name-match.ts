import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { nameWords } from './name-words.ts'
import { searchKey } from './normalize.ts'

/** At most this many of a term's words narrow the search through the word index (the rule still checks them all). */
const INDEXED_TERM_WORDS = 5

/**
 * A term's name search as the patterns it binds: a prefix per indexed word (letters and digits only) and the rule's
 * two (the name starts with the term, or has it after a space). Strings, or a compiled statement's placeholders.
 */
export interface NameSearch {
  words: string[]
  start: string
  inner: string
}

/** The patterns of a term (accents and case ignored; wildcards the user typed match themselves). GLOB on SQLite, LIKE on MariaDB. */
export function nameSearch(app: FastifyInstance, term: string): NameSearch {
  const name = searchKey(term)
  const words = nameWords(name).slice(0, INDEXED_TERM_WORDS)
  if (app.dialect === 'sqlite') {
    const glob = name.replace(/[*?[]/g, '[$&]')
    return { words: words.map((w) => `${w}*`), start: `${glob}*`, inner: `* ${glob}*` }
  }
  const like = name.replace(/[!%_]/g, '!$&')
  return { words: words.map((w) => `${w}%`), start: `${like}%`, inner: `% ${like}%` }
}

/**
 * Narrows a query on `contacts` to the company's contacts whose name the search matches (through name_search). The
 * candidates come from the name word index (contact_search_words: a contact with a word starting with each of the
 * term's words, a range of its key), and the rule keeps those it matches: a search no longer tests every contact of
 * the company. GLOB on SQLite's binary collation, LIKE on MariaDB: both use an index for a prefix.
 */
export function whereNameMatches(app: FastifyInstance, q: Knex.QueryBuilder, companyId: number, search: NameSearch): void {
  // A term of no letters or digits ('+', '-') has no word to look up: its contacts are found by the rule alone.
  if (search.words.length) q.whereIn('contacts.id', wordCandidates(app, companyId, search.words))
  q.where((w) => {
    if (app.dialect === 'sqlite') w.whereRaw('?? GLOB ?', ['contacts.nameSearch', search.start]).orWhereRaw('?? GLOB ?', ['contacts.nameSearch', search.inner])
    else w.whereRaw("?? LIKE ? ESCAPE '!'", ['contacts.nameSearch', search.start]).orWhereRaw("?? LIKE ? ESCAPE '!'", ['contacts.nameSearch', search.inner])
  })
}

/** Ids of the company's contacts with a name word matching each of these prefixes. */
function wordCandidates(app: FastifyInstance, companyId: number, prefixes: string[]): Knex.QueryBuilder {
  const starting = (prefix: string) => {
    const q = app.knex('contactSearchWords').select('contactId').where({ companyId })
    return app.dialect === 'sqlite' ? q.whereRaw('?? GLOB ?', ['word', prefix]) : q.where('word', 'like', prefix)
  }
  const q = starting(prefixes[0]).distinct()
  for (const prefix of prefixes.slice(1)) q.whereIn('contactId', starting(prefix))
  return q
}
