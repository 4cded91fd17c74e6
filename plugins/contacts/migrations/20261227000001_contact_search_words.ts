import type { Knex } from 'knex'

const BATCH = 1000

/**
 * The words of contact names, for the ticket search's contact side: a word prefix is a range of this table's primary
 * key, where `name_search LIKE '% term%'` read every contact of the company (2,000 a company in bench/list.ts: as
 * much database time as the rest of a search). Existing contacts are indexed here, a thousand at a time, with the
 * rule server/name-words.ts applies from now on (written out: a migration stays as it ran).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_search_words', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('word', 40).notNullable()
    t.integer('contact_id').unsigned().notNullable().references('id').inTable('contacts').onDelete('CASCADE')
    t.primary(['company_id', 'word', 'contact_id'])
    t.index(['contact_id'])
  })
  for (let after = 0; ;) {
    const rows = (await knex('contacts').where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'company_id', 'name_search')) as Array<Record<string, unknown>>
    if (!rows.length) break
    const words = rows.flatMap((r) => {
      const text = String(r.nameSearch ?? r.name_search)
      const unique = [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => w.slice(0, 40)))].slice(0, 50)
      return unique.map((word) => ({ company_id: Number(r.companyId ?? r.company_id), word, contact_id: Number(r.id) }))
    })
    for (let i = 0; i < words.length; i += 500) await knex('contact_search_words').insert(words.slice(i, i + 500))
    after = Number(rows[rows.length - 1].id)
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_search_words')
}
