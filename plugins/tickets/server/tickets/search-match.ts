import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { ticketsMatchingWords } from '../search-words.ts'

/** Up to this many matching contacts and tickets each, a search names them in the page query. */
export const LISTED_MATCHES = 500

/** How a search term narrows the page query, or `none` when nothing can match. */
export type SearchMatch = ((q: Knex.QueryBuilder) => void) | 'none'

/**
 * A ticket matches a term by its contact (name or number, the contacts plugin's lookup) or by its messages' words
 * (the word index). Written as one condition, `contact IN (subquery) OR id IN (subquery)`, the database cannot turn
 * either side into a join: it walks the company's tickets newest first and tests each one, which ends quickly when
 * matches are many but reads every ticket of the company when they are few (a rare word, a name no contact has).
 * So both sides are looked up first, side by side: when each finds at most LISTED_MATCHES, the page query names the
 * ids it found (index lookups); when neither finds any, there is no page to read; when one finds more, matches are
 * dense and the walk stays. Three queries instead of one, yet at 2,000 tickets a company (bench/list.ts on MariaDB,
 * 100k tickets) searches went from 475-501 to 681-732 a second, p50 from 15.3-15.8 to 10.2-10.9 ms.
 */
export async function searchMatch(app: FastifyInstance, companyId: number, term: string, listed = LISTED_MATCHES): Promise<SearchMatch> {
  const byContact = app.contacts.idsMatching(companyId, term)
  const byWords = ticketsMatchingWords(app.knex, companyId, term)
  const [contacts, tickets] = await Promise.all([
    byContact.clone().limit(listed + 1) as Promise<Array<{ id: number }>>,
    byWords ? (byWords.clone().limit(listed + 1) as Promise<Array<{ ticketId: number }>>) : [],
  ])
  if (contacts.length > listed || tickets.length > listed) {
    return (q) => q.where((w) => {
      w.whereIn('tickets.contactId', byContact)
      if (byWords) w.orWhereIn('tickets.id', byWords)
    })
  }
  if (!contacts.length && !tickets.length) return 'none'
  return (q) => q.where((w) => {
    if (contacts.length) w.whereIn('tickets.contactId', contacts.map((c) => c.id))
    if (tickets.length) w.orWhereIn('tickets.id', tickets.map((t) => t.ticketId))
  })
}
