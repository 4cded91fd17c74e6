// `npm test`: the suite (the files `tap list` names, package.json's tap settings) in groups, one process per group
// (scripts/test-groups.mjs), the biggest first. `npm test -- <files or tap options>` runs tap as it is, e.g. one file on its own.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runTapInOrder } from './tap-order.mjs'
import { testGroups } from './test-groups.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
if (args.length) process.exit(await runTapInOrder([], { prefix: 'run', args }))
const files = execFileSync(path.join(root, 'node_modules/.bin/tap'), ['list'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
// A group runs several files: tap's per-file timeout (package.json) is given to the group as a whole, four times.
const groups = testGroups(files.map((f) => path.relative(root, path.resolve(root, f))))
process.exit(await runTapInOrder(groups, { prefix: 'run', args: ['--timeout=1200'] }))
