import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** Headers of a message's own connection and body, not passed between the outer and the inner server. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'host'])

const passed = (headers: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !OWN_HEADERS.has(name)))

/**
 * The inner server that holds @fastify/swagger-ui. Loading it (the UI's routes, its static files' server and a YAML
 * library: ~60 ms, measured on the compiled server's cold start) is paid by the first visit to the docs instead of
 * by every start of the server and of every test app. It reads the document from the app's own @fastify/swagger.
 */
async function uiServer(app: FastifyInstance, prefix: string): Promise<FastifyInstance> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui')
  const inner = Fastify({ logger: false })
  // swagger-ui declares @fastify/swagger as its dependency: this stands in for it, answering with the app's document.
  await inner.register(fp(async (scope) => {
    scope.decorate('swagger', app.swagger.bind(app))
  }, { name: '@fastify/swagger' }))
  await inner.register(swaggerUi, { routePrefix: prefix, uiConfig: { docExpansion: 'list' } })
  await inner.ready()
  return inner
}

/** The browsable docs (and their JSON and YAML documents) under `prefix`, served by the inner server, built once. */
export function docsUi(app: FastifyInstance, prefix: string): void {
  let ui: Promise<FastifyInstance> | undefined
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    // A failed load is tried again by the next visit.
    ui ??= uiServer(app, prefix).catch((err) => {
      ui = undefined
      throw err
    })
    const res = await (await ui).inject({ method: 'GET', url: req.url, headers: passed(req.headers) as Record<string, string> })
    return reply.code(res.statusCode).headers(passed(res.headers)).send(res.rawPayload)
  }
  for (const url of [prefix, `${prefix}/*`]) app.get(url, { schema: { hide: true } }, serve)
  app.addHook('onClose', async () => {
    const inner = await ui?.catch(() => undefined)
    await inner?.close()
  })
}
