import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

export const VIRTUAL_ID = 'virtual:zapdesk-third-party-modules'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/**
 * The web entry of each third-party plugin named in ZAPDESK_PLUGINS (the same setting the server reads): its
 * package.json `zapdesk.web`, else `web/index.ts` when present. A plugin without a web part adds nothing.
 */
export function thirdPartyWebEntries(repoRoot: string, setting = process.env.ZAPDESK_PLUGINS ?? ''): string[] {
  const entries: string[] = []
  for (const spec of setting.split(',').map((s) => s.trim()).filter(Boolean)) {
    const local = spec.startsWith('.') || path.isAbsolute(spec)
    let folder = local ? path.resolve(repoRoot, spec) : path.join(repoRoot, 'node_modules', spec)
    if (fs.existsSync(folder) && fs.statSync(folder).isFile()) folder = path.dirname(folder)
    const pkgFile = path.join(folder, 'package.json')
    const declared = fs.existsSync(pkgFile) ? (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { zapdesk?: { web?: string } }).zapdesk?.web : undefined
    const entry = path.resolve(folder, declared ?? 'web/index.ts')
    if (fs.existsSync(entry)) entries.push(fs.realpathSync(entry))
  }
  return entries
}

/** `virtual:zapdesk-third-party-modules`: an array of the configured plugins' web modules, bundled with the shell. */
export function thirdPartyModules(repoRoot: string): Plugin {
  return {
    name: 'zapdesk-third-party-modules',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null
      const entries = thirdPartyWebEntries(repoRoot)
      const imports = entries.map((e, i) => `import m${i} from ${JSON.stringify(e)}`).join('\n')
      return `${imports}\nexport default [${entries.map((_, i) => `m${i}`).join(', ')}]\n`
    },
  }
}
