/**
 * The last step of `npm run build:server`, run as dist/core/warm-up.js (scripts/build-vendor.mjs): builds the platform
 * once on a scratch SQLite database, as production starts it, answers one request, then writes the code cache of the
 * compiled server's packages (@zapdesk/vendor), which then holds what a start compiles: the route, plugin and
 * migration code the packages run at boot, not only their module bodies. Nothing of the environment is read (no .env,
 * no DATABASE_URL): it never touches an install's database, Redis or outside services.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from './app.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-warm-up-'))
try {
  const app = await buildApp({
    env: {},
    startJobs: false,
    config: { env: 'production', logLevel: 'silent', serveWeb: false, dataDir, jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex') },
  })
  const answer = await app.inject({ url: '/api/version' })
  await app.close()
  if (answer.statusCode !== 200) throw new Error(`warm-up: GET /api/version answered ${answer.statusCode}`)
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
createRequire(import.meta.url)('@zapdesk/vendor').writeCodeCache()
