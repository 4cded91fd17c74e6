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
  t.match(first, /await import\("file:\/\/[^"]*plugins\/zeta\/a\.test\.ts"\)\nawait import\("file:\/\/[^"]*plugins\/zeta\/b\.test\.ts"\)/, 'each imports its files, one after the other')
})

t.test('writing again empties the folder first', async (t) => {
  writeOrderedRuns([{ name: 'one', files: ['a.test.ts'] }], out)
  t.same(fs.readdirSync(out), ['0-one.test.mjs'])
})
