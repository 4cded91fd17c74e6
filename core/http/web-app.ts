import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url))

/** Serves the built web app's files; the not-found handler gives other non-API paths index.html (SPA fallback). */
export const webAppBuilt = (): boolean => fs.existsSync(WEB_DIST + 'index.html')

export default fp(async (app) => {
  await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false })
}, { name: 'zapdesk-web' })
