import os from 'node:os'
import { freshDatabase, type FreshDatabase } from '../../core/testing/database.ts'

/** Which database the benchmarks run on: MariaDB/MySQL when a URL is given, the embedded SQLite otherwise. */
export type Db = 'sqlite' | 'mysql'

/** A MySQL/MariaDB server to create throwaway databases on (BENCH_DATABASE_URL first, then the tests' one). */
export const databaseBase = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
export const redisUrl = process.env.REDIS_URL || undefined
export const db: Db = databaseBase ? 'mysql' : 'sqlite'

/** One line saying what this run measures on, printed by every benchmark. */
export function target(): string {
  const where = databaseBase ? `mysql (${new URL(databaseBase).host})` : 'sqlite (embedded file)'
  const jobs = redisUrl ? `redis (${new URL(redisUrl).host})` : 'in-process jobs/realtime'
  return `${where} + ${jobs}; node ${process.version}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`
}

/** A fresh, empty database and data dir for one benchmark run (zb_ on BENCH_DATABASE_URL's server), dropped afterwards. */
export const benchDatabase = (): Promise<FreshDatabase> => freshDatabase({ serverUrl: databaseBase, prefix: 'zb' })

/** `--name value` / `--name=value` / `--flag` from argv, then the BENCH_<NAME> environment variable, then the default. */
export function option(name: string, fallback: number): number {
  const raw = rawOption(name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number (got ${raw})`)
  return n
}

export function flag(name: string): boolean {
  const raw = rawOption(name)
  return raw !== undefined && raw !== 'false' && raw !== '0'
}

/** A string option (`--name value` or `--name=value`), undefined when absent. */
export function textOption(name: string): string | undefined {
  return rawOption(name)
}

function rawOption(name: string): string | undefined {
  const args = process.argv.slice(2)
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : 'true'
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3)
  }
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`]
}

/** `--full` (or BENCH_FULL=1): the full sizes instead of the quick defaults. */
export const full = flag('full')
