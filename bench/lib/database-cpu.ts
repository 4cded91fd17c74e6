import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { databaseBase } from './env.ts'

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * The CPU time (microseconds) the benchmark's MariaDB server has used so far, when it runs on this machine (a
 * loopback URL and a mariadbd or mysqld process, read from /proc): what each request costs the database beside what
 * it costs the app. Undefined otherwise (SQLite runs inside the app's process; a remote server is not ours to read).
 */
export function databaseCpu(): (() => number) | undefined {
  if (!databaseBase || !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseBase).hostname)) return undefined
  let pid: string | undefined
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      pid = execFileSync('pgrep', ['-x', '-o', name], { encoding: 'utf8' }).trim()
      break
    } catch {
      // Not running under this name.
    }
  }
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return undefined
  return () => {
    // utime and stime: the 14th and 15th fields, the 12th and 13th after the command's parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND
  }
}
