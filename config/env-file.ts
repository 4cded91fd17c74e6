import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './root.ts'

export const ENV_FILE = path.join(ROOT, '.env')

/**
 * Reads `<repo>/.env` into process.env when it exists (variables already set win), so an install keeps its
 * settings, e.g. `ZAPDESK_PLUGINS=zapdesk-plugin-hello`, in one file that the server, the CLI and the web build share.
 */
export function loadEnvFile(file = ENV_FILE): boolean {
  if (!fs.existsSync(file)) return false
  process.loadEnvFile(file)
  return true
}
