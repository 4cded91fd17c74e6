import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, freePort, spawnServer } from '../../core/testing/server-process.ts'
import { waitUntil } from '../../core/testing/wait.ts'
import { killAtExit } from '../../core/testing/process-cleanup.ts'

export { ROOT, freePort }
export const ADMIN_EMAIL = 'super@zapdesk.test'
export const ADMIN_PASSWORD = 'Super-Secret-123'

/** The server serves web/dist; build it once when a checkout has none yet. */
export function ensureWebBuilt(): void {
  if (fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) return
  const res = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('web build failed')
}

export interface RunningServer {
  url: string
  dataDir: string
  /** The super user: ADMIN_EMAIL/ADMIN_PASSWORD, or the one a development first run printed. */
  admin: { email: string; password: string }
  logs: () => string
  stop: () => Promise<void>
}

/** `vite preview` in front of an API-only server (E2E_WEB=vite), answering once /api/version passes through it. */
async function vitePreview(apiUrl: string): Promise<{ url: string; logs: () => string; stop: () => Promise<void> }> {
  const port = await freePort()
  let out = ''
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--config', 'web/vite.config.ts', '--port', String(port), '--strictPort'],
    { cwd: ROOT, env: { ...process.env, ZAPDESK_API: apiUrl }, stdio: ['ignore', 'pipe', 'pipe'] })
  killAtExit(child)
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const url = `http://127.0.0.1:${port}`
  await waitUntil(`${url}/api/version`, () => fetch(`${url}/api/version`).then((r) => r.ok, () => false), { timeoutMs: 90_000, intervalMs: 300 })
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
  return { url, logs: () => out, stop }
}

/**
 * Starts the real server (core/testing/server-process.ts, as the hardening suite does) on a free port with a fresh
 * SQLite data dir, serving web/dist, and waits for GET /api/version. E2E_WEB=vite puts `vite preview` in front of an
 * API-only server instead (for working on the web app). `typescript`: the sources even where CI runs its build
 * (core/testing/server-process.ts), for a server that loads a TypeScript plugin package.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: { typescript?: boolean } = {}): Promise<RunningServer> {
  ensureWebBuilt()
  const viaVite = process.env.E2E_WEB === 'vite'
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-e2e-'))
  // E2E_ADMIN_ENV=0 leaves the super user to the server's development first run (it prints the password)
  const adminEnv = process.env.E2E_ADMIN_ENV === '0' ? {} : { ADMIN_EMAIL, ADMIN_PASSWORD }
  const env = {
    ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', ...adminEnv,
    SERVE_WEB: viaVite ? 'false' : 'true', LOG_LEVEL: 'warn', ...extraEnv,
  }
  let api
  try {
    api = await spawnServer({ env, readyTimeoutMs: 90_000, typescript: options.typescript })
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    // tap does not show the message of a failing `before` hook
    process.stderr.write(`\n${(err as Error).message}\n`)
    throw err
  }
  const web = viaVite ? await vitePreview(api.url) : null
  const printed = /Super user created \(shown once\): (\S+) \/ (\S+)/.exec(api.logs())
  return {
    url: web?.url ?? api.url,
    dataDir,
    admin: printed ? { email: printed[1], password: printed[2] } : { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    logs: () => api.logs() + (web ? web.logs() : ''),
    stop: async () => {
      await Promise.all([api.stop(10_000), web?.stop()])
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
