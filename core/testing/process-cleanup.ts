import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'

/**
 * What a test process leaves behind when it ends (normally, on a failure, or after tap's timeout): the servers it
 * spawned and their temp dirs. Only synchronous work can run at 'exit': a SIGKILL and a recursive remove.
 */
const tasks = new Set<() => void>()

export function atExit(task: () => void): () => void {
  if (tasks.size === 0) process.once('exit', runAll)
  tasks.add(task)
  return () => void tasks.delete(task)
}

function runAll(): void {
  for (const task of [...tasks].reverse()) {
    try {
      task()
    } catch {
      // best effort: the process is ending
    }
  }
  tasks.clear()
}

/** Kills the child at exit unless it has ended by then. */
export function killAtExit(child: ChildProcess): void {
  const forget = atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  child.once('exit', forget)
}

export function removeAtExit(dir: string): void {
  atExit(() => fs.rmSync(dir, { recursive: true, force: true }))
}
