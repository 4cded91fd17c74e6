import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import fs from 'node:fs'
import path from 'node:path'

/** Serves the built web app's files; the not-found handler gives other non-API paths index.html (SPA fallback). */
export const webAppBuilt = (dir: string): boolean => fs.existsSync(path.join(dir, 'index.html'))

export default fp(async (app) => {
  await app.register(fastifyStatic, { root: path.resolve(app.config.webDist), wildcard: false, index: false })
}, { name: 'zapdesk-web' })
