/** Memory helpers with no platform imports (the bare baseline process uses them too). */
const gc = (globalThis as { gc?: () => void }).gc
export const hasGc = gc !== undefined

/** Heap and RSS after forced collections and a pause (run with --expose-gc for stable figures). */
export async function settle(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    gc?.()
    await new Promise((r) => setTimeout(r, 100))
  }
  const m = process.memoryUsage()
  return { heap: m.heapUsed, rss: m.rss }
}

/** Where an offline Baileys session connects: a closed local port, so each fails once and waits to retry. */
export const OFFLINE_WA_URL = 'ws://127.0.0.1:9/ws/chat'

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
