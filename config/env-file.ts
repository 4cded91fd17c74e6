import fs from 'node:fs'
import path from 'node:path'

export const ENV_FILE = path.resolve(import.meta.dirname, '../.env')

/**
 * Reads `<repo>/.env` into process.env when it exists (variables already set win), so an install keeps its
 * settings, e.g. `ZAPDESK_PLUGINS=zapdesk-plugin-hello`, in one file that the server, the CLI and the web build share.
 */
export function loadEnvFile(file = ENV_FILE): boolean {
  if (!fs.existsSync(file)) return false
  process.loadEnvFile(file)
  return true
}
