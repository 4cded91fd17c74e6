import t from 'tap'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import { build } from '../testing/build.ts'
import { EventBus } from '../events/bus.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const EMIT = /\bevents\.emit\(\s*'([a-z][a-zA-Z]*\.[a-z][a-zA-Z]*)'/g

/** Event names a plugin's server code emits by literal name (tests left out: they may play any plugin's part). */
function emitted(folder: string): Set<string> {
  const names = new Set<string>()
  for (const e of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(e.parentPath, e.name)
    if (!e.isFile() || !/\.ts$/.test(e.name) || /\.test\.ts$|test-helpers/.test(e.name) || file.includes(`${path.sep}web${path.sep}`)) continue
    for (const m of fs.readFileSync(file, 'utf8').matchAll(EMIT)) names.add(m[1])
  }
  return names
}

t.test('one catalogue: the kernel\'s events and each plugin\'s, each emitted event declared by its emitter or one it depends on', async (t) => {
  const app = await build(t)
  const owners = new Map(app.events.catalogue().map((e) => [e.name, e.owner]))
  t.equal(owners.get('company.created'), 'core')
  t.equal(owners.get('ticket.created'), 'tickets')
  t.equal(owners.get('message.inbound'), 'connections')
  for (const plugin of app.plugins) {
    const allowed = new Set(['core', plugin.name, ...(plugin.dependencies ?? []), ...(plugin.optionalDependencies ?? [])])
    const undeclared = [...emitted(path.join(root, plugin.source))].filter((name) => !allowed.has(owners.get(name) ?? ''))
    t.same(undeclared, [], `${plugin.name} emits only catalogued events it or its dependencies own`)
  }
})

t.test('a name has one owner', async (t) => {
  const bus = new EventBus(Fastify().log)
  bus.declare('tickets', ['ticket.created'])
  bus.declare('tickets', ['ticket.created'])
  t.throws(() => bus.declare('other', ['ticket.created']), { message: 'Domain event "ticket.created" is declared by both "tickets" and "other"' })
  t.same(bus.catalogue(), [{ name: 'ticket.created', owner: 'tickets' }])
})
