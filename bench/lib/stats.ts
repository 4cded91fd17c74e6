/** Wall-clock milliseconds with sub-ms precision, comparable across worker threads of one process. */
export const now = (): number => performance.timeOrigin + performance.now()

export interface Summary {
  n: number
  mean: number
  p50: number
  p99: number
  max: number
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]
}

export function summarize(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values as ArrayLike<number>).sort()
  let sum = 0
  for (const v of sorted) sum += v
  return { n: sorted.length, mean: sorted.length ? sum / sorted.length : NaN, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : NaN }
}

/** Slices of one measurement pooled: percentiles over every slice's latencies, the rate over their whole time. */
export function pooled(slices: ReadonlyArray<{ latencies: number[]; elapsedMs: number }>): Summary & { rate: number } {
  const s = summarize(slices.flatMap((x) => x.latencies))
  return { ...s, rate: (s.n / slices.reduce((t, x) => t + x.elapsedMs, 0)) * 1000 }
}

export const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))

/** Runs `task` with `concurrency` loops in flight until `count` tasks ran or `durationMs` passed; latencies in ms. */
export async function closedLoop(task: (i: number) => Promise<unknown>, opts: { concurrency: number; count?: number; durationMs?: number }): Promise<{ latencies: number[]; elapsedMs: number; errors: number; firstError?: unknown }> {
  const latencies: number[] = []
  const started = now()
  const deadline = opts.durationMs === undefined ? Infinity : started + opts.durationMs
  const count = opts.count ?? Infinity
  let next = 0
  let errors = 0
  let firstError: unknown
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (next < count && now() < deadline) {
      const i = next++
      const t0 = now()
      try {
        await task(i)
        latencies.push(now() - t0)
      } catch (err) {
        errors++
        firstError ??= err
      }
    }
  }))
  return { latencies, elapsedMs: now() - started, errors, firstError }
}

/** A deterministic pseudo-random generator, so every run seeds and asks the same things. */
export function rng(seed = 20261210): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
