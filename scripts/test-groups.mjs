// Test files run in groups, one process per group: a test process spends ~1.6 CPU-s loading the app's modules before
// its first assertion, which a group pays once. The files are packed into SERVER_GROUPS groups of about equal size
// (bytes of test code), in path order so a plugin's or folder's files stay together, the web app's tests apart (they
// set up browser globals). A group per plugin or core folder (at most 12 files) made 64 processes, half of them done
// in under 2 s: the SQLite stage took 171 s in a CI run, 124 s packed into 18. Its file imports them one after the
// other, so they share one tap root and their tests run in file order. A test that changes process.env or other
// process-wide state puts it back in its teardown.
//   node scripts/test-groups.mjs --out DIR file.test.ts...   writes the groups' files, prints them (largest first)
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeOrderedRuns } from './tap-order.mjs'

/** Groups of server tests: four rounds of tap's four jobs. */
const SERVER_GROUPS = 16
/** The web app's tests are small (about a tenth of the bytes, each file well under a second). */
const WEB_GROUPS = 2

const isWeb = (file) => path.normalize(file).split(path.sep).includes('web')

/** `files` (sorted by path) cut into `count` runs of about equal size, each named after its first file's folder. */
function pack(files, count, suffix) {
  const sized = [...files].sort().map((file) => ({ file, size: fs.statSync(file).size }))
  const total = sized.reduce((n, f) => n + f.size, 0)
  const runs = []
  const named = new Map()
  let current = null
  let before = 0
  for (const { file, size } of sized) {
    // A new group where the files so far reach the next group's share of the total (a file is never split).
    if (!current || (before >= (runs.length * total) / count && runs.length < count)) {
      const parts = path.normalize(file).split(path.sep)
      const name = parts.slice(0, parts.length > 2 ? 2 : 1).join('-') + suffix
      const taken = (named.get(name) ?? 0) + 1
      named.set(name, taken)
      current = { name: taken > 1 ? `${name}-${taken}` : name, files: [], size: 0 }
      runs.push(current)
    }
    current.files.push(file)
    current.size += size
    before += size
  }
  return runs
}

/** The groups of the files, as runs for scripts/tap-order.mjs: the most test code first. */
export function testGroups(files) {
  const web = files.filter(isWeb)
  const server = files.filter((f) => !isWeb(f))
  const runs = [...pack(server, SERVER_GROUPS, ''), ...pack(web, WEB_GROUPS, '-web')]
  // Started first, the biggest groups do not finish last, alone on the machine.
  return runs.sort((a, b) => b.size - a.size)
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--out')
  if (at < 0 || !args[at + 1]) {
    console.error('usage: node scripts/test-groups.mjs --out DIR file.test.ts...')
    process.exit(2)
  }
  console.log(writeOrderedRuns(testGroups(args.filter((_, i) => i !== at && i !== at + 1)), args[at + 1]).join('\n'))
}
