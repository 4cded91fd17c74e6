// tap sorts the test files it is given by name before it starts them, whatever order its command line names them in:
// a long file whose name sorts late starts late and ends alone on the machine (in a CI run the browser stage's
// schedules test, 146 s, started 21st of 25; the hardening stage's load test, 122 s, 7th of 10). So the order a
// runner wants is written into the names: one small file per run, NN-name.test.mjs, importing that run's test files
// one after the other (in one process, as tap would have run a single one).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * `runs` in the order they are to start, each { name, files }: writes their files into `out` (emptied first) and
 * answers their paths relative to the working directory, in that order (which is also tap's).
 */
export function writeOrderedRuns(runs, out) {
  fs.rmSync(out, { recursive: true, force: true })
  fs.mkdirSync(out, { recursive: true })
  const width = String(Math.max(0, runs.length - 1)).length
  return runs.map(({ name, files }, i) => {
    const file = path.join(out, `${String(i).padStart(width, '0')}-${name}.test.mjs`)
    const imports = files.map((f) => `await import(${JSON.stringify(pathToFileURL(path.resolve(f)).href)})`)
    fs.writeFileSync(file, `// ${files.join(' ')}\n${imports.join('\n')}\n`)
    return path.relative(process.cwd(), file)
  })
}
