/** Polls `check` until it returns something truthy; throws with `what` after the timeout. */
export async function waitUntil<T>(what: string, check: () => T | Promise<T>, opts: { timeoutMs?: number; intervalMs?: number } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000)
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out after ${opts.timeoutMs ?? 60_000} ms waiting for ${what}`)
    await sleep(opts.intervalMs ?? 100)
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Seconds from an env variable (positive number), else the default. */
export function envSeconds(name: string, fallback: number): number {
  const n = Number(process.env[name])
  return Number.isFinite(n) && n > 0 ? n : fallback
}

/** The promise's value, or `undefined` after `ms` (the timer is cleared either way, so it never holds the process). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
