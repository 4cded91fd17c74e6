import fs from 'node:fs'
import path from 'node:path'

export interface ForeignTableHit {
  /** Relative to the plugin's folder. */
  file: string
  line: number
  table: string
  /** The plugin that declares the table in its manifest's `tables`. */
  owner: string
  text: string
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Lines that name plugins or speak prose, not tables: imports, the manifest's dependency lists, comments. */
const NOT_CODE = /^\s*(import\b|export\b.*\bfrom\b|(optionalD|d)ependencies\s*:|\*|\/\/|\/\*)/

/** A line that names a table's word for something else (an event, a field) says so in a trailing comment. */
export const NOT_A_TABLE = 'zapdesk: not a table'

/** The server-side code of a plugin: what can reach the database (web pages cannot; tests and their helpers may). */
function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => {
      const rel = path.relative(dir, f).split(path.sep)
      return !rel.includes('node_modules') && !rel.includes('web') && !/\.test\.ts$|test-helpers/.test(rel.at(-1)!)
    })
}

/**
 * Where a plugin's code names another plugin's table: as a string literal ('contacts', "ticket_tags.id",
 * `tickets as t`) or after a SQL keyword in any text (FROM, JOIN, INTO, UPDATE, TABLE). `foreign` maps each table
 * (snake_case, as declared in manifests' `tables`) to its owner; the camelCase spelling the knex mappers accept is
 * searched too. A line whose word only looks like a table (an event name, a request field) carries the comment
 * `// zapdesk: not a table (...)`.
 */
export function findForeignTables(pluginDir: string, foreign: Map<string, string>): ForeignTableHit[] {
  const spellings = [...foreign].flatMap(([table, owner]) => [...new Set([table, camel(table)])].map((s) => ({ s, table, owner })))
  const patterns = spellings.map(({ s, table, owner }) => ({
    table, owner,
    literal: new RegExp(`(['"\`])${escape(s)}(\\1|\\.[A-Za-z_*]| as )`),
    sql: new RegExp(`\\b(from|join|into|update|table)\\s+[\`"]?${escape(s)}\\b`, 'i'),
  }))
  const hits: ForeignTableHit[] = []
  for (const file of serverFiles(pluginDir)) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
      if (NOT_CODE.test(text) || text.includes(NOT_A_TABLE)) return
      // A service's decorator may share its plugin's table name (app.hasDecorator('contacts')).
      text = text.replace(/\s\/\/ .*$/, '').replace(/hasDecorator\((['"])[\w$]+\1\)/g, 'hasDecorator()')
      for (const p of patterns) {
        if (p.literal.test(text) || p.sql.test(text)) hits.push({ file: path.relative(pluginDir, file), line: i + 1, table: p.table, owner: p.owner, text: text.trim().slice(0, 160) })
      }
    })
  }
  return hits
}
