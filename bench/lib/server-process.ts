import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../core/app.ts'
import { seedPlans } from '../../core/accounts/seed.ts'
import { benchDatabase, redisUrl } from './env.ts'
import type { FreshDatabase } from '../../core/testing/database.ts'
import { now } from './stats.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A stored install (database + data dir) for a real server process to boot on, and the env it boots with. */
export interface Install {
  database: FreshDatabase
  env: Record<string, string>
  drop(): Promise<void>
}

/**
 * Migrates a fresh database, lets `fill` store what the server should find at boot (through the real app), and
 * returns the production-like environment a spawned `core/server.ts` needs to serve it.
 */
export async function prepareInstall<T>(fill: (app: FastifyInstance) => Promise<T>): Promise<{ install: Install; filled: T }> {
  const database = await benchDatabase()
  const jwtSecret = randomBytes(32).toString('hex')
  const env: Record<string, string> = {
    NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: database.dataDir, JWT_SECRET: jwtSecret,
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'), REDIS_PREFIX: `zb${randomBytes(4).toString('hex')}`, ACCESS_TOKEN_TTL: '1d',
    ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    ...(database.url ? { DATABASE_URL: database.url } : {}), ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  }
  const app = await buildApp({
    env: {},
    config: {
      env: 'production', logLevel: 'error', serveWeb: false, bcryptCost: 4, dataDir: database.dataDir, databaseUrl: database.url, redisUrl,
      redisPrefix: env.REDIS_PREFIX, jwtSecret, jwtRefreshSecret: env.JWT_REFRESH_SECRET, accessTokenTtl: '1d',
    },
  })
  let filled: T
  try {
    await seedPlans(app)
    filled = await fill(app)
  } finally {
    await app.close()
  }
  return { install: { database, env, drop: () => database.drop() }, filled }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

export interface ProcessMemory {
  rss: number
  /**
   * The private anonymous part of rss (RssAnon): the memory the process allocated, without the file-backed pages it
   * has touched (the node binary's code and ICU data, shared libraries), which are shared, clean and paid once.
   */
  rssAnon: number
  heapUsed: number
  heapTotal: number
  external: number
  /** V8 heap spaces: [name, size, used]. */
  spaces: Array<[string, number, number]>
}

export interface ServerProcess {
  pid: number
  port: number
  base: string
  /** ms from spawn to the first 200 of GET /api/version. */
  readyMs: number
  /** RSS and heap after forced GCs in the process (needs `gc: true`). */
  memory(): Promise<ProcessMemory>
  /**
   * The same once the process is idle for good: V8 gives back the young generation and fragmented pages only
   * after some seconds without work, so readings every 5 s until three in a row agree within 1 MiB (at most `maxMs`).
   */
  steadyMemory(maxMs?: number): Promise<ProcessMemory>
  stop(): Promise<void>
}

/**
 * Spawns `node --import ./scripts/typescript.mjs <file>` (the real server by default) with the install's env and a free port, and waits
 * until GET /api/version answers 200.
 */
export async function spawnServer(opts: { file?: string; env?: Record<string, string>; gc?: boolean; timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const memoryFile = path.join(os.tmpdir(), `zapdesk-bench-mem-${randomBytes(4).toString('hex')}.json`)
  const file = opts.file ?? 'core/server.ts'
  // JavaScript (the compiled server, npm run serve) runs as production does: plain node, no TypeScript loader.
  const loader = /\.m?js$/.test(file) ? [] : ['--import', './scripts/typescript.mjs']
  const args = [...(opts.nodeArgs ?? []), ...(opts.gc ? ['--expose-gc'] : []), ...loader, ...(opts.gc ? ['--import', './bench/lib/gc-on-signal.ts'] : []), file]
  const t0 = now()
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT, env: { PATH: process.env.PATH, ...opts.env, PORT: String(port), BENCH_MEMORY_FILE: memoryFile }, stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const base = `http://127.0.0.1:${port}`
  const deadline = t0 + (opts.timeoutMs ?? 60_000)
  let readyMs = NaN
  while (now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    const ok = await fetch(`${base}/api/version`).then((r) => r.status === 200, () => false)
    if (ok) {
      readyMs = now() - t0
      break
    }
    await new Promise((r) => setTimeout(r, 5))
  }
  if (!Number.isFinite(readyMs)) {
    child.kill('SIGKILL')
    throw new Error(`server did not answer within ${opts.timeoutMs ?? 60_000} ms:\n${output}`)
  }
  const server: ServerProcess = {
    pid: child.pid!, port, base, readyMs,
    async memory() {
      fs.rmSync(memoryFile, { force: true })
      child.kill('SIGUSR2')
      for (let i = 0; i < 200 && !fs.existsSync(memoryFile); i++) await new Promise((r) => setTimeout(r, 25))
      await new Promise((r) => setTimeout(r, 25))
      const usage = JSON.parse(fs.readFileSync(memoryFile, 'utf8')) as ProcessMemory
      // The kernel's figure for the whole process, read after the collections.
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const bytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024
      const rss = bytes('VmRSS') || usage.rss
      return { ...usage, rss, rssAnon: bytes('RssAnon') || rss }
    },
    async steadyMemory(maxMs = 90_000) {
      const until = now() + maxMs
      let last = await server.memory()
      let agreeing = 0
      while (now() < until && agreeing < 2) {
        await new Promise((r) => setTimeout(r, 5000))
        const next = await server.memory()
        agreeing = Math.abs(next.rss - last.rss) < 1024 * 1024 ? agreeing + 1 : 0
        last = next
      }
      return last
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))])
        if (code === 'timeout') child.kill('SIGKILL')
      }
      fs.rmSync(memoryFile, { force: true })
    },
  }
  return server
}
