// Test files run in groups, one process per group: a test process spends ~1.6 CPU-s loading the app's modules before
// its first assertion, which a group pays once (8 files of the contacts plugin: 21.7 CPU-s as 8 processes, 7.9 as
// one; the whole suite on SQLite: 136 instead of 302 s). A group is a plugin's files or a core folder's (the web app's
// apart: they set up browser globals), at most MAX_FILES; its file imports them one after the other, so they share
// one tap root and their tests run in file order. A test that changes process.env puts it back in its teardown.
//   node scripts/test-groups.mjs --out DIR file.test.ts...   writes the groups' files, prints them (largest first)
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeOrderedRuns } from './tap-order.mjs'

const MAX_FILES = 12

/**
 * plugins/<name>/... -> plugins-<name>; core/<folder>/... -> core-<folder>; a file at a top folder's root -> that
 * folder; a web/ folder's tests get their own group.
 */
function groupOf(file) {
  const parts = path.normalize(file).split(path.sep)
  const key = parts.length > 2 ? `${parts[0]}-${parts[1]}` : parts[0]
  return parts.includes('web') && parts[0] !== 'web' ? `${key}-web` : key
}

/** The groups of the files, as runs for scripts/tap-order.mjs: the most test code first. */
export function testGroups(files) {
  const groups = new Map()
  for (const file of files) {
    const key = groupOf(file)
    groups.set(key, [...(groups.get(key) ?? []), file])
  }
  const runs = []
  for (const [key, members] of groups) {
    for (let i = 0; i < members.length; i += MAX_FILES) {
      const chunk = members.slice(i, i + MAX_FILES)
      runs.push({ name: `${key}${i ? `-${i / MAX_FILES + 1}` : ''}`, files: chunk, size: chunk.reduce((n, f) => n + fs.statSync(f).size, 0) })
    }
  }
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
