/**
 * Reconnect delays: exponential with "equal jitter" (half fixed, half random), capped. The jitter spreads the
 * reconnects of many sessions after an outage, so they do not hammer the channel in lockstep.
 */
export interface BackoffOptions {
  /** Delay of the first retry before jitter. */
  baseMs: number
  /** No delay exceeds this (the spec's 60 s). */
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 }

/** Delay before retry number `attempt` (0 = first retry). `random` is injectable so tests are exact. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exp = Math.min(options.capMs, options.baseMs * 2 ** Math.min(attempt, 30))
  const half = exp / 2
  return Math.min(options.capMs, Math.round(half + random() * half))
}
