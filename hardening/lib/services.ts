import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort, tempDir } from './server.ts'
import { sleep, waitUntil, within } from '../../core/testing/wait.ts'
import { killAtExit } from '../../core/testing/process-cleanup.ts'

/**
 * Throwaway MariaDB and Redis servers of our own, on free ports and temp dirs, so restart tests never touch the
 * shared servers other suites use. Both are children of the test process and die with it.
 */

function run(cmd: string, args: string[]): { ok: boolean; out: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8' })
  return { ok: res.status === 0, out: `${res.stdout ?? ''}${res.stderr ?? ''}` }
}

async function exitOf(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await within(new Promise((r) => child.once('exit', r)), timeoutMs)
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
  }
}

/**
 * Killed when the test process ends, and not what keeps it running: a test that fails before its teardown is set
 * (one of two services failed to start) must end, not wait for tap's timeout beside a server nobody stops.
 */
function detach(child: ChildProcess): void {
  killAtExit(child)
  child.unref()
  for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.()
}

/**
 * A new data dir. mariadb-install-db fails now and then when others run at the same moment (seen in CI with three
 * hardening files starting together, not reproduced alone): a fresh dir and another try, after a random pause.
 */
async function installDataDir(dir: string): Promise<string> {
  let out = ''
  for (let attempt = 1; attempt <= 3; attempt++) {
    const datadir = path.join(dir, `data-${attempt}`)
    const install = run('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'])
    if (install.ok) return datadir
    out = install.out
    fs.rmSync(datadir, { recursive: true, force: true })
    await sleep(500 + Math.random() * 1500)
  }
  throw new Error(`mariadb-install-db failed 3 times:\n${out}`)
}

export interface OwnMariaDb {
  port: number
  /** `mysql://root@127.0.0.1:<port>/<db>` */
  url(db: string): string
  createDatabase(db: string): void
  /** Clean shutdown (mariadb-admin shutdown), waiting for the process to end. */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export function mariaDbAvailable(): string | undefined {
  for (const bin of ['/usr/sbin/mariadbd', '/usr/bin/mariadb-install-db', '/usr/bin/mariadb-admin']) if (!fs.existsSync(bin)) return `${bin} is missing`
  return undefined
}

export async function startOwnMariaDb(): Promise<OwnMariaDb> {
  const dir = tempDir('mariadb')
  const datadir = await installDataDir(dir)
  const port = await freePort()
  let child: ChildProcess | undefined
  const admin = (...args: string[]) => run('mariadb-admin', ['--no-defaults', '-h127.0.0.1', `-P${port}`, '-uroot', ...args])
  const start = async () => {
    child = spawn('/usr/sbin/mariadbd', [
      '--no-defaults', `--datadir=${datadir}`, '--user=root', `--port=${port}`, '--bind-address=127.0.0.1',
      `--socket=${path.join(dir, 'sock')}`, `--pid-file=${path.join(dir, 'pid')}`, '--skip-log-bin', '--innodb-buffer-pool-size=128M',
      '--max-connections=300', '--innodb-flush-log-at-trx-commit=2', '--character-set-server=utf8mb4', '--collation-server=utf8mb4_unicode_ci',
    ], { stdio: ['ignore', 'ignore', 'pipe'] })
    detach(child)
    let err = ''
    child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)))
    await waitUntil(`MariaDB on ${port}`, () => {
      if (child!.exitCode !== null) throw new Error(`mariadbd exited:\n${err}`)
      return admin('ping').ok
    }, { timeoutMs: 60_000, intervalMs: 200 })
  }
  const stop = async () => {
    if (!child) return
    admin('shutdown')
    await exitOf(child, 60_000)
    child = undefined
  }
  await start()
  return {
    port,
    url: (db) => `mysql://root@127.0.0.1:${port}/${db}`,
    createDatabase: (db) => {
      const res = run('mariadb', ['--no-defaults', '-h127.0.0.1', `-P${port}`, '-uroot', '-e', `CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`])
      if (!res.ok) throw new Error(res.out)
    },
    stop,
    start,
    close: async () => {
      await stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface OwnRedis {
  port: number
  url: string
  /** `redis-cli shutdown nosave`: everything in it is gone, as after a crash of a Redis without persistence. */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export function redisAvailable(): string | undefined {
  return run('redis-server', ['--version']).ok ? undefined : 'redis-server is missing'
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = tempDir('redis')
  const port = await freePort()
  let child: ChildProcess | undefined
  const cli = (...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])
  const start = async () => {
    child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' })
    detach(child)
    await waitUntil(`Redis on ${port}`, () => {
      if (child!.exitCode !== null) throw new Error('redis-server exited')
      return cli('ping').out.includes('PONG')
    }, { timeoutMs: 30_000, intervalMs: 100 })
  }
  const stop = async () => {
    if (!child) return
    cli('shutdown', 'nosave')
    await exitOf(child, 20_000)
    child = undefined
  }
  await start()
  return {
    port, url: `redis://127.0.0.1:${port}`, stop, start,
    close: async () => {
      await stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
