import type { Knex } from 'knex'

/** Longer words are kept by their first letters: a prefix search for them still finds them. */
const MAX_WORD = 40
/** A name is at most 100 characters: this only bounds a name of one-letter words. */
const MAX_WORDS = 50
/** Rows of contact_search_words in one INSERT at most. */
export const NAME_WORDS_PER_INSERT = 500

/** A contact as its name's words are indexed: `nameSearch` is the name as searchKey made it. */
export interface NamedContact {
  id: number
  companyId: number
  nameSearch: string
}

/**
 * The words of a search key (searchKey: lowercase, accent-free): the runs of letters and digits. A name matches a
 * term when a word of the name starts with each word of the term, which holds whenever the name starts with the
 * term or has it after a space (contactIdsMatching's rule): the index gives those candidates, the rule then decides.
 */
export function nameWords(nameSearch: string): string[] {
  const words = new Set<string>()
  for (const w of nameSearch.split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue
    words.add(w.slice(0, MAX_WORD))
    if (words.size >= MAX_WORDS) break
  }
  return [...words]
}

/**
 * Writes the name words of these contacts to contact_search_words; `replace`: their earlier words go first (a
 * renamed contact). In the caller's transaction when it has one, so a contact and its words are written together.
 */
export async function indexNames(db: Knex | Knex.Transaction, contacts: NamedContact[], options: { replace?: boolean } = {}): Promise<void> {
  if (!contacts.length) return
  if (options.replace) {
    for (const [companyId, ids] of byCompany(contacts)) await db('contactSearchWords').where({ companyId }).whereIn('contactId', ids).delete()
  }
  const rows = nameWordRows(contacts)
  for (let i = 0; i < rows.length; i += NAME_WORDS_PER_INSERT) {
    await db('contactSearchWords').insert(rows.slice(i, i + NAME_WORDS_PER_INSERT)).onConflict(['companyId', 'word', 'contactId']).ignore()
  }
}

/** The contact_search_words rows of these contacts (`id` may be an SQL expression, as in a script that inserts both). */
export function nameWordRows<Id>(contacts: Array<{ id: Id; companyId: number; nameSearch: string }>): Array<{ companyId: number; word: string; contactId: Id }> {
  return contacts.flatMap((c) => nameWords(c.nameSearch).map((word) => ({ companyId: c.companyId, word, contactId: c.id })))
}

function byCompany(contacts: NamedContact[]): Map<number, number[]> {
  const out = new Map<number, number[]>()
  for (const c of contacts) out.set(c.companyId, [...out.get(c.companyId) ?? [], c.id])
  return out
}
