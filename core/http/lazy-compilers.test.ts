import t from 'tap'
import Fastify from 'fastify'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import { Type } from '@sinclair/typebox'
import { build } from '../testing/build.ts'
import { lazyCompilers } from './lazy-compilers.ts'
import { nullableTypes } from './nullable-types.ts'

const AJV_OPTIONS = { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } }

t.test('every route schema of the app and its plugins compiles (the check fastify made at start before compiling became lazy)', async (t) => {
  const app = await build(t)
  const { buildValidator } = lazyCompilers()
  const validator = buildValidator({}, AJV_OPTIONS)
  // The lazy serializer compiles on its first call, whose data a schema may refuse: fastify's compiler itself, here.
  const serializer = (SerializerSelector as unknown as () => (e: unknown, o: unknown) => (r: unknown) => unknown)()({}, {})
  let compiled = 0
  const broken: string[] = []
  for (const route of app.routeTable) {
    const schema = route.schema as Record<string, unknown> | undefined
    if (!schema) continue
    for (const part of ['body', 'querystring', 'params'] as const) {
      const given = schema[part] as { content?: Record<string, { schema: unknown }> } | undefined
      if (!given) continue
      // A body may have one schema per content type (fastify's `content`): each is compiled on its own.
      const each = part === 'body' && given.content ? Object.values(given.content).map((c) => c.schema) : [given]
      for (const one of each) {
        // The lazy function compiles on its first call; a schema Ajv refuses throws there.
        try { validator({ schema: one, method: route.method, url: route.url, httpPart: part })({}); compiled++ } catch (err) { broken.push(`${route.method} ${route.url} ${part}: ${(err as Error).message}`) }
      }
    }
    for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
      // As the app compiles it: optional values written by their type (nullable-types.ts).
      try { serializer({ schema: nullableTypes(response), method: route.method, url: `${route.url} ${status}` }); compiled++ } catch (err) { broken.push(`${route.method} ${route.url} ${status}: ${(err as Error).message}`) }
    }
  }
  t.same(broken, [])
  t.ok(compiled > 200, `${compiled} schemas compiled`)
})

t.test('compiled on first use, the answers are fastify\'s own: coercion, defaults, refusals with their codes, serialized responses', async (t) => {
  const app = await build(t)
  const bad = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { error: /^ERR_/ })
  const again = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.test' } })
  t.equal(again.statusCode, 400, 'the second refusal reads the errors of its own call')
  const plans = await app.inject({ method: 'GET', url: '/api/plans/list' })
  t.equal(plans.statusCode, 200)
  t.ok(Array.isArray(plans.json()))
})

t.test('a schema compiled for one app serves the next app of the process; an app with other Ajv options compiles its own', async (t) => {
  const Query = Type.Object({ n: Type.Integer({ maximum: 100 }) })
  const Reply = Type.Object({ n: Type.Integer() })
  const appWith = async (coerceTypes: boolean) => {
    const app = Fastify({ ajv: { customOptions: { coerceTypes } }, schemaController: { compilersFactory: lazyCompilers() as never } })
    app.get('/', { schema: { querystring: Query, response: { 200: Reply } } }, async (request) => ({ n: (request.query as { n: number }).n, hidden: 'not in the schema' }))
    await app.ready()
    t.teardown(() => app.close())
    return app
  }
  const first = await appWith(true)
  t.same((await first.inject('/?n=5')).json(), { n: 5 }, 'coerced and serialized by the schema')
  await first.close()
  const next = await appWith(true)
  const refused = await next.inject('/?n=500')
  t.equal(refused.statusCode, 400)
  t.match(refused.json().message, /must be <= 100/, 'the refusal reads the errors of its own call')
  t.same((await next.inject('/?n=7')).json(), { n: 7 })
  const strict = await appWith(false)
  t.equal((await strict.inject('/?n=5')).statusCode, 400, 'without coercion a query string is no integer: not the coercing function of the apps before')
})
