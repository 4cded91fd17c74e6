import t from 'tap'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../core/testing/server-process.ts'
import { writeOrderedRuns } from './tap-order.mjs'

// Inside the checkout (.tap/ is ignored by git): tap lists only files under its working directory.
fs.mkdirSync(path.join(ROOT, '.tap'), { recursive: true })
const out = fs.mkdtempSync(path.join(ROOT, '.tap', 'tap-order-'))
t.teardown(() => fs.rmSync(out, { recursive: true, force: true }))

t.test('tap starts the written runs in the order given, not in the order of their names', async (t) => {
  // Twelve runs (two-digit places) named against the alphabet: tap alone would start zeta first and alpha last.
  const names = ['zeta', 'load', 'alpha', 'mid', 'b', 'core-2', 'core', 'web', 'x', 'kappa', 'aa', 'omega']
  const runs = names.map((name) => ({ name, files: [`plugins/${name}/a.test.ts`, `plugins/${name}/b.test.ts`] }))
  const written = writeOrderedRuns(runs, out)
  t.same(written.map((f) => path.basename(f).replace(/^\d+-|\.test\.mjs$/g, '')), names, 'one file per run, in order')
  const listed = execFileSync(path.join(ROOT, 'node_modules/.bin/tap'), ['list', ...written], { cwd: ROOT, encoding: 'utf8' })
    .split('\n').filter(Boolean)
  t.same(listed.map((f) => path.resolve(f)), written.map((f) => path.resolve(f)), "tap's own order is the given one")
  const first = fs.readFileSync(written[0], 'utf8')
  t.match(first, /await import\("file:\/\/[^"]*plugins\/zeta\/a\.test\.ts"\)\n\s*await import\("file:\/\/[^"]*plugins\/zeta\/b\.test\.ts"\)/, 'each imports its files, one after the other')
})

t.test("a run's later file is imported and run even when it loads slowly after a file that used the root's teardown", async (t) => {
  const dir = fs.mkdtempSync(path.join(out, 'slow-'))
  // The first file makes tap's root end by itself once idle; the second takes 300 ms to load (a cold compile).
  fs.writeFileSync(path.join(dir, 'a.test.mjs'), "import t from 'tap'\nt.teardown(() => {})\nt.test('first file', async (t) => t.pass('a ran'))\n")
  fs.writeFileSync(path.join(dir, 'b.test.mjs'), "await new Promise((r) => setTimeout(r, 300))\nconst { default: t } = await import('tap')\nt.test('second file', async (t) => t.pass('b ran'))\n")
  fs.writeFileSync(path.join(dir, 'broken.test.mjs'), "throw new Error('this file does not load')\n")
  const [slow, broken] = writeOrderedRuns([
    { name: 'slow', files: [path.join(dir, 'a.test.mjs'), path.join(dir, 'b.test.mjs')] },
    { name: 'broken', files: [path.join(dir, 'a.test.mjs'), path.join(dir, 'broken.test.mjs')] },
  ], path.join(dir, 'runs'))
  const run = (file: string) => {
    try {
      return { code: 0, output: execFileSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }) }
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string }
      return { code: e.status, output: e.stdout + e.stderr }
    }
  }
  const ran = run(slow)
  t.equal(ran.code, 0)
  t.match(ran.output, /ok 1 - first file[\s\S]*ok 2 - second file/, 'both files\' tests ran, in order')
  t.notMatch(ran.output, /after parent test ends/)
  const failed = run(broken)
  t.not(failed.code, 0, 'a file that does not load fails the run')
  t.match(failed.output, /does not load/)
})

t.test('writing again empties the folder first', async (t) => {
  writeOrderedRuns([{ name: 'one', files: ['a.test.ts'] }], out)
  t.same(fs.readdirSync(out), ['0-one.test.mjs'])
})
