import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { StatementValue } from '@zapdesk/plugin-api'
import type { ContactSearchShape } from '@zapdesk/contacts/public'
import { ticketsMatchingWords, wordPrefixes } from '../search-words.ts'

/** One way a ticket can match a search term, as a condition on a tickets query. */
export type SearchSide = (q: Knex.QueryBuilder) => void

/** What a search's SQL depends on (part of the list statement's shape): its contact lookup, how many message words. */
export interface SearchShape {
  contact: ContactSearchShape
  words: number
}

/** A term as a shape and the values it binds: the contacts plugin's (keys `contact...`) and the word prefixes (`word0`...). */
export function searchInput(app: FastifyInstance, term: string): { shape: SearchShape; values: Record<string, string> } {
  const contact = app.contacts.search(term)
  const values: Record<string, string> = { ...contact.values }
  const prefixes = wordPrefixes(term)
  prefixes.forEach((p, i) => { values[`word${i}`] = p })
  return { shape: { contact: contact.shape, words: prefixes.length }, values }
}

/**
 * A ticket matches a term by its contact (name or number: the contacts plugin's lookup, through its name word index)
 * or by its messages' words (the word index): two sides, each a condition with a subquery, from searchInput's values
 * (real, or a compiled statement's placeholders) and shape. The list runs each side as a query of its own and merges
 * their newest matches (list-query.ts): written as one condition, `contact IN (subquery) OR id IN (subquery)`, the
 * database could turn neither side into a join and walked the company's tickets newest first testing each one, which
 * reads every ticket of the company when matches are few; one side at a time, it picks per side between that walk
 * (many matches) and reading the matches through the index (few).
 */
export function searchSides(app: FastifyInstance, companyId: number, values: Record<string, StatementValue>, shape: SearchShape): SearchSide[] {
  const byContact = app.contacts.idsSearched(companyId, values as Record<string, string>, shape.contact)
  const sides: SearchSide[] = [(q) => q.whereIn('tickets.contactId', byContact)]
  if (shape.words) {
    const byWords = ticketsMatchingWords(app.knex, companyId, Array.from({ length: shape.words }, (_, i) => values[`word${i}`] as string))
    sides.push((q) => q.whereIn('tickets.id', byWords))
  }
  return sides
}
