import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from './server.ts'

export interface ModuleInfo {
  name: string
  feature?: string
  menu: { id: string; to: string; adminOnly?: boolean; superOnly?: boolean }[]
  routes: { path: string }[]
}

/** The web modules of the plugins in this checkout (their index files only; pages stay unloaded). */
export async function pluginWebModules(): Promise<ModuleInfo[]> {
  const dir = path.join(ROOT, 'plugins')
  if (!fs.existsSync(dir)) return []
  const out: ModuleInfo[] = []
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name, 'web/index.ts')
    if (!fs.existsSync(file)) continue
    const mod = (await import(pathToFileURL(file).href)).default as ModuleInfo
    if (mod?.name) out.push({ name: mod.name, feature: mod.feature, menu: mod.menu ?? [], routes: mod.routes ?? [] })
  }
  return out
}
