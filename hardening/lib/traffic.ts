import type { Answer } from './http.ts'
import { sleep } from '../../core/testing/wait.ts'

/** Tallies of a stream of requests: by outcome, with a few examples of what went wrong. */
export class Tally {
  sent = 0
  ok = 0
  clientErrors = 0
  serverErrors = 0
  networkErrors = 0
  byStatus: Record<string, number> = {}
  examples: string[] = []

  add(what: string, res: Answer): Answer {
    this.sent++
    const key = res.status === 0 ? `net:${res.error}` : String(res.status)
    this.byStatus[key] = (this.byStatus[key] ?? 0) + 1
    if (res.status >= 200 && res.status < 300) this.ok++
    else {
      if (res.status === 0) this.networkErrors++
      else if (res.status >= 500) this.serverErrors++
      else this.clientErrors++
      if (this.examples.length < 10) this.examples.push(`${what} -> ${res.status || res.error} ${res.text.slice(0, 150)}`)
    }
    return res
  }

  get errors(): number {
    return this.sent - this.ok
  }

  summary(): string {
    return `${this.sent} sent, ${this.ok} 2xx, ${this.clientErrors} 4xx, ${this.serverErrors} 5xx, ${this.networkErrors} network errors; ${Object.entries(this.byStatus).map(([k, v]) => `${k}:${v}`).join(' ')}`
  }
}

/**
 * Calls `fire(n)` at a fixed rate (open loop: it does not wait for answers, so a slow server does not slow the
 * offered load), at most `maxInFlight` at once, for `seconds`. Resolves when every call has settled.
 */
export async function atRate(perSecond: number, seconds: number, fire: (n: number) => Promise<unknown>, opts: { maxInFlight?: number; stop?: () => boolean } = {}): Promise<{ fired: number; skipped: number; ms: number }> {
  const started = Date.now()
  const total = Math.round(perSecond * seconds)
  const inFlight = new Set<Promise<unknown>>()
  let fired = 0
  let skipped = 0
  for (let n = 0; n < total; n++) {
    if (opts.stop?.()) break
    const due = started + (n * 1000) / perSecond
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    if (inFlight.size >= (opts.maxInFlight ?? 500)) {
      skipped++
      continue
    }
    const p = fire(n).catch(() => undefined)
    inFlight.add(p)
    void p.finally(() => inFlight.delete(p))
    fired++
  }
  await Promise.all(inFlight)
  return { fired, skipped, ms: Date.now() - started }
}
