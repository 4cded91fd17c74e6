import fs from 'node:fs'
import { Session } from 'node:inspector/promises'

/**
 * A CPU profile of one phase of a benchmark, written as a .cpuprofile (open it in Chrome's DevTools): `--profile
 * FILE` on the command line turns it on, so the setup and baselines stay out of the picture.
 */
export async function profiled<T>(file: string | undefined, phase: () => Promise<T>): Promise<T> {
  if (!file) return phase()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  try {
    return await phase()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    fs.writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
    console.log(`cpu profile of the phase: ${file}`)
  }
}
