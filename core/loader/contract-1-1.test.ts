import t from 'tap'
import Fastify from 'fastify'
import type { LoadedPlugin } from '../plugin-api/types.ts'
import { orderByDependencies } from './order.ts'
import { setupPlugins } from './register.ts'

const plugin = (name: string, fields: Partial<LoadedPlugin> = {}): LoadedPlugin => ({ name, version: '1.0.0', source: `plugins/${name}`, ...fields })
const names = (list: LoadedPlugin[]) => list.map((p) => p.name)

t.test('optional dependencies load first when installed and are no error when absent', async (t) => {
  const contacts = plugin('contacts', { optionalDependencies: ['connections'] })
  t.same(names(orderByDependencies([contacts, plugin('connections')])), ['connections', 'contacts'], 'installed: before it')
  t.same(names(orderByDependencies([contacts])), ['contacts'], 'absent: ignored')
  t.throws(() => orderByDependencies([plugin('a', { optionalDependencies: ['b'] }), plugin('b', { dependencies: ['a'] })]), { message: 'Circular plugin dependency: a -> b -> a' })
})

t.test('a service declared in provides must exist after setup; the boot fails naming plugin and service', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  const good = plugin('good', { provides: ['good'], setup: (a) => { a.decorate('good', { ok: true }) } })
  const liar = plugin('liar', { provides: ['liar', 'other'], setup: (a) => { a.decorate('liar', {}) } })
  await t.resolves(setupPlugins(app, [good]))
  await t.rejects(setupPlugins(app, [liar]), { name: 'PluginManifestError', message: 'Plugin "liar" declares the service(s) app.other in "provides" but its setup did not add them' })
})

t.test('each setup is a fastify-plugin named after its plugin, holding its dependencies and their services', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  const board = plugin('board', { provides: ['board'], setup: (a) => { a.decorate('board', {}) } })
  const wall = plugin('wall', { dependencies: ['board'], setup: (a) => { a.decorate('wall', {}) } })
  await setupPlugins(app, [board, wall])
  t.ok(app.hasPlugin('board') && app.hasPlugin('wall'), 'Fastify knows each plugin by name')

  const alone = Fastify()
  t.teardown(() => alone.close())
  await t.rejects(setupPlugins(alone, [plugin('wall', { dependencies: ['board'] })]), /dependency 'board'/, 'a dependency never set up stops the boot')

})

t.test('a room declares the socket messages that join and leave it; a taken name is refused', async (t) => {
  const { RealtimeHub } = await import('../realtime/hub.ts')
  const hub = new RealtimeHub(Fastify().log, 'test')
  hub.registerRoom('chatBox', () => true, undefined, { join: 'joinChatBox', leave: 'leaveChatBox', arg: 'ticketId' })
  t.same(hub.roomMessage('joinChatBox'), { kind: 'chatBox', argKey: 'ticketId', join: true })
  t.same(hub.roomMessage('leaveChatBox'), { kind: 'chatBox', argKey: 'ticketId', join: false })
  t.equal(hub.roomMessage('joinTickets'), undefined, 'no room declared it')
  t.throws(() => hub.registerRoom('other', () => true, undefined, { join: 'joinChatBox', leave: 'leaveOther' }), { message: 'Realtime message "joinChatBox" is already taken' })
  t.throws(() => hub.registerRoom('generic', () => true, undefined, { join: 'join', leave: 'leaveGeneric' }), /already taken/)
})
