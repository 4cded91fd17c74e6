import fs from 'node:fs'
import path from 'node:path'

/** The nearest folder at or above `from` that holds a package.json. */
function installAbove(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) return path.resolve(from, '..')
  }
}

/**
 * The install's folder (package.json, .env, web/dist): the nearest one above this module, which is config/ in a
 * checkout, or a chunk somewhere in dist/ once the server is compiled (`npm run build`; dist/ has no package.json of
 * its own), so both ways of running find the same files.
 */
export const ROOT = installAbove(import.meta.dirname)
