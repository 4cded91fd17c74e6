import t from 'tap'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { namePluginsOnRegister } from './plugin-names.ts'

const DISPLAY_NAME = Symbol.for('fastify.display-name')

t.test('registered plugins get the names Fastify would have found, without its search of require.cache', async (t) => {
  const app = Fastify()
  namePluginsOnRegister(app)
  const ticketRoutes = async () => {}
  const shared = fp(async () => {}, { name: 'shared-service' })
  await app.register(ticketRoutes)
  await app.register(async (scope) => {
    await scope.register(async function nestedRoutes() {})
  })
  await app.register(shared)
  await app.ready()
  t.equal((ticketRoutes as unknown as Record<symbol, string>)[DISPLAY_NAME], 'ticketRoutes', 'a named function: its name')
  t.equal((shared as unknown as Record<symbol, string>)[DISPLAY_NAME], 'shared-service', 'a fastify-plugin keeps its own')
  const tree = app.printPlugins()
  t.match(tree, /ticketRoutes/)
  t.match(tree, /nestedRoutes/, 'registrations inside child scopes too')
  t.match(tree, /async \(scope\) => \{/, 'an anonymous function: its first lines, as Fastify names it')
  t.match(tree, /shared-service/)
  await app.close()
})
