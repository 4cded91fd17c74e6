import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { removeAtExit } from '../../core/testing/process-cleanup.ts'

/** The server process helper e2e uses too (core/testing/server-process.ts). */
export { ROOT, freePort, spawnServer, type ServerProcess, type Exit } from '../../core/testing/server-process.ts'
export const SUPER_EMAIL = 'super@hardening.test'
export const SUPER_PASSWORD = 'Hardening-Super-123'

export const secret = (): string => randomBytes(32).toString('hex')

/** The environment of a production server on its own port and data dir (SQLite unless DATABASE_URL is given). */
export function productionEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'warn',
    JWT_SECRET: secret(), JWT_REFRESH_SECRET: secret(), BCRYPT_COST: '4',
    ADMIN_EMAIL: SUPER_EMAIL, ADMIN_PASSWORD: SUPER_PASSWORD,
    ...extra,
  }
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k]
  return env
}

/** A temp dir, removed when the test process ends. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zapdesk-hardening-${prefix}-`))
  removeAtExit(dir)
  return dir
}
