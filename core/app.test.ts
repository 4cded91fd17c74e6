import t from 'tap'
import { build } from './testing/build.ts'

t.test('version and JSON 404 under /api', async (t) => {
  const app = await build(t)
  const v = await app.inject({ method: 'GET', url: '/api/version' })
  t.equal(v.statusCode, 200)
  t.same(v.json(), { version: '6.0.0' })
  const missing = await app.inject({ method: 'GET', url: '/api/nope/1' })
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().error, 'ERR_NOT_FOUND')
})
