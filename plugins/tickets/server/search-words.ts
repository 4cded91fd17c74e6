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

/**
 * Ticket ids of a company whose messages hold a word starting with each of the search term's words (AND), through
 * the primary key (company_id, word, ticket_id): no scan of message bodies.
 */
export function ticketsMatchingWords(db: Knex, companyId: number, term: string): Knex.QueryBuilder | null {
  const words = wordsOf(term).slice(0, 5)
  if (words.length === 0) return null
  let query = db('ticketSearchWords').distinct('ticketId').where({ companyId }).where('word', 'like', `${escapeLike(words[0])}%`)
  for (const w of words.slice(1)) {
    query = query.whereIn('ticketId', db('ticketSearchWords').select('ticketId').where({ companyId }).where('word', 'like', `${escapeLike(w)}%`))
  }
  return query
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}
