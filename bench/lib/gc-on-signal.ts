/**
 * Preloaded into spawned servers by the memory benchmark (`--import ./bench/lib/gc-on-signal.ts`, with
 * --expose-gc): SIGUSR2 runs full collections and writes process.memoryUsage() to BENCH_MEMORY_FILE, so the bench
 * reads the real server's memory after GC without touching the server's code.
 */
import fs from 'node:fs'
import v8 from 'node:v8'

const gc = (globalThis as { gc?: () => void }).gc
process.on('SIGUSR2', () => {
  void (async () => {
    for (let i = 0; i < 3; i++) {
      gc?.()
      await new Promise((r) => setTimeout(r, 100))
    }
    if (process.env.BENCH_MEMORY_FILE) fs.writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify({ ...process.memoryUsage(), spaces: v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size, s.space_used_size]) }))
  })()
})
