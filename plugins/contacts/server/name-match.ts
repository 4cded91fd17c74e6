import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { nameWords } from './name-words.ts'
import { searchKey } from './normalize.ts'

/** At most this many of a term's words narrow the search through the word index (the rule still checks them all). */
const INDEXED_TERM_WORDS = 5

/**
 * Narrows a query on `contacts` to the company's contacts whose name starts with the term or has it after a space
 * (accents and case ignored, through name_search; wildcards the user typed match themselves). The candidates come
 * from the name word index (contact_search_words: a contact with a word starting with each of the term's words, a
 * range of its key), and the rule keeps those it matches: a search no longer tests every contact of the company. GLOB
 * on SQLite's binary collation, LIKE on MariaDB: both use an index for a prefix.
 */
export function whereNameMatches(app: FastifyInstance, q: Knex.QueryBuilder, companyId: number, term: string): void {
  const name = searchKey(term)
  const words = nameWords(name).slice(0, INDEXED_TERM_WORDS)
  // A term of no letters or digits ('+', '-') has no word to look up: its contacts are found by the rule alone.
  if (words.length) q.whereIn('contacts.id', wordCandidates(app, companyId, words))
  q.where((w) => {
    if (app.dialect === 'sqlite') {
      const glob = name.replace(/[*?[]/g, '[$&]')
      w.whereRaw('?? GLOB ?', ['contacts.nameSearch', `${glob}*`]).orWhereRaw('?? GLOB ?', ['contacts.nameSearch', `* ${glob}*`])
    } else {
      const like = name.replace(/[!%_]/g, '!$&')
      w.whereRaw("?? LIKE ? ESCAPE '!'", ['contacts.nameSearch', `${like}%`]).orWhereRaw("?? LIKE ? ESCAPE '!'", ['contacts.nameSearch', `% ${like}%`])
    }
  })
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
