import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const ADMIN_EMAIL = 'super@zapdesk.test'
export const ADMIN_PASSWORD = 'Super-Secret-123'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

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

function startProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; logs: () => string } {
  let out = ''
  // a process group of its own, so stopping it also stops the node process npx starts
  const child = spawn(cmd, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  return { child, logs: () => out }
}

/** Throws with the process output, also printed: tap does not show the message of a failing `before` hook. */
function startupFailure(message: string): Error {
  process.stderr.write(`\n${message}\n`)
  return new Error(message)
}

async function waitFor(url: string, child: ChildProcess, logs: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw startupFailure(`process exited (${child.exitCode}) before ${url} answered:\n${logs()}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw startupFailure(`${url} did not answer in ${timeoutMs} ms:\n${logs()}`)
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 10_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      clearTimeout(kill)
      resolve()
    }
  })
}

/**
 * Starts the real server on a free port with a fresh SQLite data dir and waits for GET /api/version.
 * E2E_WEB=vite puts `vite preview` in front of an API-only server (for working on the web app while the
 * server's static serving is unavailable); the default is the server serving web/dist itself.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuilt()
  const viaVite = process.env.E2E_WEB === 'vite'
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-e2e-'))
  // E2E_ADMIN_ENV=0 leaves the super user to the server's development first run (it prints the password)
  const adminEnv = process.env.E2E_ADMIN_ENV === '0' ? {} : { ADMIN_EMAIL, ADMIN_PASSWORD }
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...adminEnv,
    SERVE_WEB: viaVite ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  }
  const api = startProcess('npx', ['tsx', 'core/server.ts'], env)
  try {
    await waitFor(`http://127.0.0.1:${port}/api/version`, api.child, api.logs)
  } catch (err) {
    await stopProcess(api.child)
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
  let url = `http://127.0.0.1:${port}`
  let web: ReturnType<typeof startProcess> | null = null
  if (viaVite) {
    const webPort = await freePort()
    web = startProcess('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', '--port', String(webPort), '--strictPort'], { ...process.env, ZAPDESK_API: url })
    url = `http://127.0.0.1:${webPort}`
    await waitFor(`${url}/api/version`, web.child, web.logs)
  }
  const printed = /Super user created \(shown once\): (\S+) \/ (\S+)/.exec(api.logs())
  return {
    url,
    dataDir,
    admin: printed ? { email: printed[1], password: printed[2] } : { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    logs: () => api.logs() + (web ? web.logs() : ''),
    stop: async () => {
      await Promise.all([stopProcess(api.child), web ? stopProcess(web.child) : Promise.resolve()])
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
