import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { ticketsMatchingWords } from '../search-words.ts'

/** One way a ticket can match a search term, as a condition on a tickets query. */
export type SearchSide = (q: Knex.QueryBuilder) => void

/**
 * A ticket matches a term by its contact (name or number: the contacts plugin's lookup, through its name word index)
 * or by its messages' words (the word index): two sides, each a condition with a subquery. The list runs each side as
 * a query of its own and merges their newest matches (list-query.ts): written as one condition, `contact IN
 * (subquery) OR id IN (subquery)`, the database could turn neither side into a join and walked the company's tickets
 * newest first testing each one, which reads every ticket of the company when matches are few; one side at a time,
 * it picks per side between that walk (many matches) and reading the matches through the index (few).
 */
export function searchSides(app: FastifyInstance, companyId: number, term: string): SearchSide[] {
  const byContact = app.contacts.idsMatching(companyId, term)
  const byWords = ticketsMatchingWords(app.knex, companyId, term)
  const sides: SearchSide[] = [(q) => q.whereIn('tickets.contactId', byContact)]
  if (byWords) sides.push((q) => q.whereIn('tickets.id', byWords))
  return sides
}
