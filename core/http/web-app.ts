import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url))

/** Serves the built web app; every non-API path that is not a file gets index.html (SPA fallback). */
export default fp(async (app) => {
  if (!fs.existsSync(WEB_DIST + 'index.html')) {
    app.log.warn('web/dist is missing: run `npm run build:web` (npm start does it) to serve the web app')
    return
  }
  await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false })
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` })
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}, { name: 'zapdesk-web' })
