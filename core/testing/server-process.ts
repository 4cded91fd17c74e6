import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { waitUntil } from './wait.ts'
import { killAtExit } from './process-cleanup.ts'

/**
 * The real server as a separate process, for the suites that test it from outside (e2e in a browser, hardening's
 * faults and load): started with node itself (not npx: signals and exit codes are the server's own).
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

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

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  url: string
  port: number
  dataDir: string
  env: NodeJS.ProcessEnv
  child: ChildProcess
  pid: number
  logs(): string
  exited: Promise<Exit>
  alive(): boolean
  /** Resident memory of the server process in KiB (from /proc). */
  rssKb(): number
  signal(sig: NodeJS.Signals): void
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv
  waitReady?: boolean
  readyTimeoutMs?: number
  /** A compiled server (npm run build:server) to run instead of the sources; see spawnServer. */
  entry?: string
  /** The sources whatever ZAPDESK_TEST_SERVER_ENTRY says: a server that loads a TypeScript plugin package. */
  typescript?: boolean
}

/**
 * Runs `node --import ./scripts/typescript.mjs core/server.ts`, or `node <entry>` for a compiled one (node itself,
 * not npx: signals and exit codes are the server's own). Without `entry`, ZAPDESK_TEST_SERVER_ENTRY names one: CI
 * builds the server once and its hardening and browser stages start that build, as production runs it (a start
 * costs 1.7 CPU-s there against 4 through the TypeScript loader, and those stages start about fifty).
 * Resolves once GET /api/version answers; `waitReady: false` returns at once (for servers expected to refuse to boot).
 */
export async function spawnServer(opts: SpawnOptions): Promise<ServerProcess> {
  const port = Number(opts.env.PORT)
  const dataDir = String(opts.env.DATA_DIR)
  let out = ''
  const entry = opts.entry ?? (opts.typescript ? undefined : process.env.ZAPDESK_TEST_SERVER_ENTRY || undefined)
  const args = entry ? [entry] : ['--import', './scripts/typescript.mjs', 'core/server.ts']
  const child = spawn(process.execPath, args, { cwd: ROOT, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] })
  killAtExit(child)
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => {
    // A grandchild (esbuild's service) may hold the pipes open: they must not keep the test process alive.
    setTimeout(() => {
      child.stdout?.destroy()
      child.stderr?.destroy()
    }, 200).unref()
    resolve({ code, signal })
  }))
  let done = false
  void exited.then(() => (done = true))
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`, port, dataDir, env: opts.env, child, pid: child.pid!, exited,
    logs: () => out,
    alive: () => !done,
    rssKb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    },
    signal: (sig) => {
      if (!done) child.kill(sig)
    },
    stop: async (graceMs = 20_000) => {
      if (done) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const exit = await exited
      clearTimeout(timer)
      return exit
    },
  }
  if (opts.waitReady === false) return server
  try {
    await waitUntil(`${server.url}/api/version`, async () => {
      if (done) throw new Error(`server exited (${JSON.stringify(await exited)}) before answering:\n${out}`)
      return fetch(`${server.url}/api/version`).then((r) => r.ok, () => false)
    }, { timeoutMs: opts.readyTimeoutMs ?? 120_000, intervalMs: 200 })
  } catch (err) {
    await server.stop(2000)
    throw new Error(`${(err as Error).message}\n--- server output ---\n${out}`)
  }
  return server
}
