import fp from 'fastify-plugin'
import { Type } from '@sinclair/typebox'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'

/** Serves the built web app's files; the not-found handler gives other non-API paths index.html (SPA fallback). */
export const webAppBuilt = (dir: string): boolean => fs.existsSync(path.join(dir, 'index.html'))

/**
 * The SPA's page, never kept by a cache: it names the current build's hashed assets. Sent, not returned to fastify:
 * a handler's returned reply is awaited, one more end-of-stream listener on the response (an injected one passed
 * Node's limit of 10 and warned of a leak).
 */
export const sendIndexHtml = (reply: FastifyReply): void => {
  void reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false })
}

/**
 * The build's assets/ folder holds only files named by a hash of their content (vite): a name never serves other
 * bytes, so a browser keeps them a year without asking again (each page load asked for every script and stylesheet
 * it had, to be told 304). The other files (sw.js, the manifest, icons) keep their names across builds: revalidated.
 */
const HASHED_ASSET = 'public, max-age=31536000, immutable'

// One wildcard route that looks a file up when asked: listing the build's files into a route each at boot (glob
// plus 160-odd routes) was 5% of a cold start. A path with no file falls through to the not-found handler.
export default fp(async (app) => {
  const root = path.resolve(app.config.webDist)
  const assets = path.join(root, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root, wildcard: true, index: false,
    setHeaders: (reply, file) => {
      if (file.startsWith(assets)) void reply.header('cache-control', HASHED_ASSET)
    },
  })
  app.get('/', { schema: { hide: true, response: { 200: Type.String({ description: 'index.html' }) } } }, (_request, reply) => sendIndexHtml(reply))
}, { name: 'zapdesk-web' })
