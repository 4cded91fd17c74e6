// `npm test`: the suite (the files `tap list` names, package.json's tap settings) in groups, one process per group
// (scripts/test-groups.mjs). `npm test -- <files or tap options>` runs tap as it is, e.g. one file on its own.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeTestGroups } from './test-groups.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
const tap = path.join(root, 'node_modules/.bin/tap')
const args = process.argv.slice(2)
let out
let tapArgs = args
if (!args.length) {
  const files = execFileSync(tap, ['list'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
  fs.mkdirSync(path.join(root, '.tap-groups'), { recursive: true })
  out = fs.mkdtempSync(path.join(root, '.tap-groups', 'run-'))
  // A group runs several files: tap's per-file timeout (package.json) is given to the group as a whole, four times.
  tapArgs = ['--timeout=1200', ...writeTestGroups(files.map((f) => path.relative(root, path.resolve(root, f))), out)]
}
const child = spawn(tap, tapArgs, { cwd: root, stdio: 'inherit' })
const forward = (signal) => child.kill(signal)
process.on('SIGINT', forward)
process.on('SIGTERM', forward)
child.on('exit', (code, signal) => {
  if (out) fs.rmSync(out, { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
