import fs from 'node:fs'
import path from 'node:path'

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm

/** The relative, value-level imports of a file (`import type` and packages left out: they cannot form a runtime circle). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1])).filter((f) => fs.existsSync(f))
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name))
}

/** Every import circle among the source files under `dir`, each as the files in order (first repeated at the end). */
export function importCycles(dir: string): string[][] {
  const graph = new Map(sourceFiles(dir).map((f) => [f, importsOf(f)]))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(dir, f)))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles
}
