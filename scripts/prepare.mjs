// npm install's last step (package.json's `prepare`): builds tap's test runner for package.json's plugin list, which
// leaves out @tapjs/typescript (its ts-node cannot load TypeScript 7; scripts/typescript.mjs loads the tests). A fresh
// install holds the runner built with tap's default plugins; tap rebuilds it when a run starts, but that run's test
// processes still get the old runner's loader, so a new clone's first `npm test` failed every file.
// Nothing to do where the dev dependencies are not installed (npm ci --omit=dev).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tap = path.join(root, 'node_modules/.bin/tap')
if (fs.existsSync(tap)) process.exit(spawnSync(tap, ['build'], { cwd: root, stdio: 'inherit' }).status ?? 1)
