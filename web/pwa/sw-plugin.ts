import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { build } from 'esbuild'
import type { Plugin } from 'vite'
import { precacheList } from './sw-routes.ts'

/**
 * Emits /sw.js with the build: web/pwa/sw.ts bundled for the browser, given the list of the build's files to keep
 * for offline use and a version (a hash of that list and the shell), so every deploy with a change is a new worker.
 * Written here rather than with vite-plugin-pwa/Workbox: the worker is ~80 lines and Workbox's build tooling would
 * add ~340 packages for it.
 */
export function serviceWorker(swEntry: string, publicDir: string): Plugin {
  return {
    name: 'zapdesk-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const files = precacheList([...Object.keys(bundle), ...publicFiles(publicDir)])
      const html = bundle['index.html']
      const shell = html && html.type === 'asset' ? String(html.source) : ''
      const version = createHash('sha256').update(files.join('\n')).update(shell).digest('hex').slice(0, 12)
      const out = await build({
        entryPoints: [swEntry], bundle: true, write: false, format: 'iife', target: 'es2020', minify: true,
        define: { __ZD_PRECACHE__: JSON.stringify(files), __ZD_VERSION__: JSON.stringify(version) },
      })
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: out.outputFiles[0].text })
    },
  }
}

/** The files of Vite's public folder (copied as they are, so not in the bundle), as paths from the site root. */
function publicFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
}
