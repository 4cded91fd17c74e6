import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { importCycles } from '../testing/import-cycles.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

// A circle of value imports makes load order decide which module sees the other's exports as undefined.
t.test('no import circle in the core, the plugins, the example or the web shell', async (t) => {
  for (const dir of ['core', 'plugins', 'examples', 'web/src']) t.same(importCycles(path.join(root, dir)), [], dir)
})

t.test('a circle is found and reported in order; type-only imports do not count', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts'\nexport const a = b\n")
  fs.writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c.ts'\nexport const b = c\n")
  fs.writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a.ts'\nexport const c = () => a\n")
  fs.writeFileSync(path.join(dir, 'd.ts'), "import type { e } from './e.ts'\nexport const d = 1 as unknown as typeof e\n")
  fs.writeFileSync(path.join(dir, 'e.ts'), "import { d } from './d.ts'\nexport const e = d\n")
  t.same(importCycles(dir), [['a.ts', 'b.ts', 'c.ts', 'a.ts']])
})
