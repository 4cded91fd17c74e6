import t from 'tap'
import Fastify from 'fastify'
import knexFactory from 'knex'
import { installErrorHandler } from './error-handler.ts'

t.test('a database that is down answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After; other faults stay 500', async (t) => {
  const app = Fastify({ logger: false })
  installErrorHandler(app)
  // A real client against a port nothing listens on: the error a stopped MariaDB gives.
  const down = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 9, user: 'root' }, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3000 })
  t.teardown(() => down.destroy())
  app.get('/down', async () => down('users').select('id'))
  app.get('/lost', async () => {
    throw Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST' })
  })
  app.get('/wrapped', async () => {
    throw Object.assign(new Error('wrapped'), { name: 'DBError', nativeError: { code: 'ER_SERVER_SHUTDOWN' } })
  })
  app.get('/bug', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')")
  })

  for (const url of ['/down', '/lost', '/wrapped']) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 503, `${url}: 503`)
    t.equal(res.json().error, 'ERR_SERVICE_UNAVAILABLE')
    t.equal(res.headers['retry-after'], '1')
  }
  const bug = await app.inject({ url: '/bug' })
  t.equal(bug.statusCode, 500)
  t.same(bug.json(), { error: 'ERR_INTERNAL', message: 'Internal server error' }, 'no internals leak')
})
