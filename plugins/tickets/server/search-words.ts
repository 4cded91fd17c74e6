import type { Knex } from 'knex'

const MAX_WORD = 40
const MIN_WORD = 2
/** Per message: a pasted novel must not turn into thousands of index rows. */
const MAX_WORDS_PER_TEXT = 64

/** Lowercase, accent-free words of a text, as stored in ticket_search_words and as searched for. */
export function wordsOf(text: string): string[] {
  const plain = text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()
  const words = new Set<string>()
  for (const w of plain.split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < MIN_WORD) continue
    words.add(w.slice(0, MAX_WORD))
    if (words.size >= MAX_WORDS_PER_TEXT) break
  }
  return [...words]
}

/** Adds a text's words to a ticket's search index; words it already has are skipped (insert-or-ignore). */
export async function indexWords(db: Knex | Knex.Transaction, companyId: number, ticketId: number, text: string): Promise<void> {
  const words = wordsOf(text)
  if (words.length === 0) return
  await db('ticketSearchWords').insert(words.map((word) => ({ companyId, word, ticketId }))).onConflict(['companyId', 'word', 'ticketId']).ignore()
}

/** At most this many of a search term's words are looked up. */
const SEARCHED_WORDS = 5

/** A search term's word prefixes ('abc%'; words hold only letters and digits, so nothing needs escaping). */
export function wordPrefixes(term: string): string[] {
  return wordsOf(term).slice(0, SEARCHED_WORDS).map((w) => `${w}%`)
}

/**
 * Ticket ids of a company whose messages hold a word matching each of these prefixes (AND; wordPrefixes' strings or a
 * compiled statement's placeholders), through the primary key (company_id, word, ticket_id): no scan of message
 * bodies. At least one prefix.
 */
export function ticketsMatchingWords(db: Knex, companyId: number, prefixes: string[]): Knex.QueryBuilder {
  const query = db('ticketSearchWords').distinct('ticketId').where({ companyId }).where('word', 'like', prefixes[0])
  for (const prefix of prefixes.slice(1)) query.whereIn('ticketId', db('ticketSearchWords').select('ticketId').where({ companyId }).where('word', 'like', prefix))
  return query
}
