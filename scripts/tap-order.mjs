// tap sorts the test files it is given by name before it starts them, whatever order its command line names them in:
// a long file whose name sorts late starts late and ends alone on the machine (in a CI run the browser stage's
// schedules test, 146 s, started 21st of 25; the hardening stage's load test, 122 s, 7th of 10). So the order a
// runner wants is written into the names: one small file per run, NN-name.test.mjs, importing that run's test files
// one after the other (in one process, as tap would have run a single one).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * Around a run's imports. tap's root test ends by itself two timer ticks after it goes idle once a file has called
 * t.teardown() at its top level; a later file still being imported then (compiled for the first time: a cold compile
 * cache, a new clone's paths) could only print "cannot create subtest after parent test ends", and the process exited
 * 0 with that file's tests never run (seen: core/storage's group ran 84 of its 157 tests, green, on every run with an
 * empty compile cache). The root waits for the imports (t.before: no test of its own) before it runs any test, and a
 * run that ends before the last import is done fails.
 */
const GROUP_HEAD = `import t from 'tap'
let imported = false
process.once('exit', () => {
  if (!imported) {
    console.error('# this run ended before it had imported all its test files')
    process.exitCode = 1
  }
})
let allImported
t.before(() => new Promise((resolve) => (allImported = resolve)))
try {`
const GROUP_TAIL = `  imported = true
} finally {
  allImported()
}`

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
    const imports = files.map((f) => `  await import(${JSON.stringify(pathToFileURL(path.resolve(f)).href)})`)
    fs.writeFileSync(file, `// ${files.join(' ')}\n${GROUP_HEAD}\n${imports.join('\n')}\n${GROUP_TAIL}\n`)
    return path.relative(process.cwd(), file)
  })
}

/**
 * Runs tap (`args`, then the runs' files) over `runs` in their order, their files written into a fresh folder
 * .tap-groups/<prefix>-* that is removed when tap ends; a stop signal is passed on to tap. Answers tap's exit code
 * (1 when a signal ended it).
 */
export function runTapInOrder(runs, { prefix, args = [], env = process.env }) {
  fs.mkdirSync(path.join(root, '.tap-groups'), { recursive: true })
  const out = fs.mkdtempSync(path.join(root, '.tap-groups', `${prefix}-`))
  const tap = spawn(path.join(root, 'node_modules/.bin/tap'), [...args, ...writeOrderedRuns(runs, out)], { cwd: root, env, stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tap.kill(signal))
  return new Promise((resolve) => tap.on('exit', (code, signal) => {
    fs.rmSync(out, { recursive: true, force: true })
    resolve(code ?? (signal ? 1 : 0))
  }))
}
