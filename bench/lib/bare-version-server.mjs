// The cold-start baseline as production runs it: a bare Fastify app in plain JavaScript with one route, started
// with plain node like the compiled server (npm run serve).
import Fastify from 'fastify'

const app = Fastify()
app.get('/api/version', async () => ({ version: '0.0.0' }))
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
