/** Memory helpers with no platform imports (the bare baseline process uses them too). */
const gc = (globalThis as { gc?: () => void }).gc
export const hasGc = gc !== undefined

/**
 * Heap and RSS after forced collections and pauses (run with --expose-gc for stable figures). The reading follows a
 * last collection at once: what timers and sockets allocated during the pause is garbage, and left in the young
 * generation it was counted (1.5 MiB once, which took 31 KiB off each of 50 Baileys sessions measured after it).
 */
export async function settle(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    gc?.()
    await new Promise((r) => setTimeout(r, 100))
  }
  gc?.()
  const m = process.memoryUsage()
  return { heap: m.heapUsed, rss: m.rss }
}

/** Where an offline Baileys session connects: a closed local port, so each fails once and waits to retry. */
export const OFFLINE_WA_URL = 'ws://127.0.0.1:9/ws/chat'

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
