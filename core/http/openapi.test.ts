import t from 'tap'
import { createRequire } from 'node:module'
import { build } from '../testing/build.ts'

const uiLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('@fastify/swagger-ui'))

t.test('the OpenAPI document is generated from the route schemas and browsable', async (t) => {
  const app = await build(t)
  t.notOk(uiLoaded(), 'the docs UI is not loaded by a start')
  const doc = await app.inject({ url: '/api/docs/json' })
  t.equal(doc.statusCode, 200)
  t.ok(uiLoaded(), 'the first visit loads it')
  const spec = doc.json()
  t.equal(spec.info.version, '6.0.0')
  t.ok(spec.paths['/api/auth/login'].post.requestBody, 'login documents its body')
  t.ok(spec.paths['/api/users/{id}'].put, 'path params are documented')
  t.ok(spec.paths['/api/companies/cadastro'].post.responses['201'])
  t.notOk(Object.keys(spec.paths).some((p) => p.startsWith('/api/docs')), 'the docs routes are not in the document')
  const yaml = await app.inject({ url: '/api/docs/yaml' })
  t.equal(yaml.statusCode, 200)
  t.match(yaml.body, /title: Zapdesk API/)
  const ui = await app.inject({ url: '/api/docs/' })
  t.equal(ui.statusCode, 200)
  t.match(ui.headers['content-type'], /html/)
  const script = ui.body.match(/src="\.\/(static\/swagger-ui-bundle\.js)"/)?.[1]
  t.ok(script, 'the page names its script')
  const asset = await app.inject({ url: `/api/docs/${script}` })
  t.equal(asset.statusCode, 200, 'its static files are served')
  t.match(asset.headers['content-type'], /javascript/)
  t.ok(asset.rawPayload.length > 100_000)
  const head = await app.inject({ method: 'HEAD', url: '/api/docs/json' })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '')
  t.equal((await app.inject({ url: '/api/docs/nothing-here' })).statusCode, 404)
  const withBody = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
  t.equal(withBody.statusCode, 200, 'a GET that carries a body is answered as one without')
})
