import t from 'tap'
import { build } from '../testing/build.ts'

t.test('the OpenAPI document is generated from the route schemas and browsable', async (t) => {
  const app = await build(t)
  const doc = await app.inject({ url: '/api/docs/json' })
  t.equal(doc.statusCode, 200)
  const spec = doc.json()
  t.equal(spec.info.version, '6.0.0')
  t.ok(spec.paths['/api/auth/login'].post.requestBody, 'login documents its body')
  t.ok(spec.paths['/api/users/{id}'].put, 'path params are documented')
  t.ok(spec.paths['/api/companies/cadastro'].post.responses['201'])
  const ui = await app.inject({ url: '/api/docs/' })
  t.equal(ui.statusCode, 200)
  t.match(ui.headers['content-type'], /html/)
})
