import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from '../testing/build.ts'
import { foreignTablesOf } from '../testing/conformance.ts'
import { findForeignTables } from '../testing/foreign-tables.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const example = path.join(root, 'examples/plugin-hello')

t.test('no bundled plugin, nor the example, names another plugin\'s table; every table has one owner', async (t) => {
  const app = await build(t, { config: { plugins: [example] } })
  const owners = new Map<string, string[]>()
  for (const p of app.plugins) for (const table of p.tables ?? []) owners.set(table, [...(owners.get(table) ?? []), p.name])
  t.same([...owners].filter(([, o]) => o.length > 1), [], 'no table is declared twice')
  t.ok(owners.has('tickets') && owners.has('contacts') && owners.has('hello_board_posts'), 'the manifests declare their tables')
  for (const plugin of app.plugins) {
    const folder = plugin.source.startsWith('plugins/') ? path.join(root, plugin.source) : example
    const hits = foreignTablesOf(app.plugins, plugin, folder).map((h) => `${h.file}:${h.line} ${h.table} (${h.owner}): ${h.text}`)
    t.same(hits, [], plugin.name)
  }
})

t.test('the finder sees literals, SQL text and camelCase spellings, and not imports, dependencies or comments', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foreign-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  fs.mkdirSync(path.join(dir, 'server'))
  fs.mkdirSync(path.join(dir, 'web'))
  fs.writeFileSync(path.join(dir, 'server/a.ts'), [
    "import x from '@zapdesk/tickets/public'",
    "const a = app.knex('ticketTags').where({ companyId })",
    "const b = app.knex('tickets as t').select('t.id')",
    "const c = knex.raw('select 1 from ticket_tags where 1')",
    "const d = q.join('contacts', 'contacts.id', 'x.contactId')",
    '  dependencies: [\'tickets\', \'contacts\'],',
    '// reads from contacts through the service',
    "const e = parseIds('tags', query.tags) // zapdesk: not a table (the query field)",
    "const f = 'Tickets per day'",
    "if (!app.hasDecorator('contacts')) return",
  ].join('\n'))
  fs.writeFileSync(path.join(dir, 'server/a.test.ts'), "app.knex('contacts')")
  fs.writeFileSync(path.join(dir, 'web/page.ts'), "t('contacts')")
  const hits = findForeignTables(dir, new Map([['tickets', 'tickets'], ['ticket_tags', 'tags'], ['contacts', 'contacts'], ['tags', 'tags']]))
  t.same(hits.map((h) => `${h.line} ${h.table}`), ['2 ticket_tags', '3 tickets', '4 ticket_tags', '5 contacts'])
})
