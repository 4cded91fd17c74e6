// npm run serve: the compiled server (npm run build) in this process with plain node, as production runs it;
// `--cli <command>` runs the compiled CLI instead (migrate, rollback, create-super-user).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const cli = process.argv[2] === '--cli'
const entry = path.join(root, 'dist/core', cli ? 'cli.js' : 'server.js')
if (!fs.existsSync(entry)) {
  console.error(`${path.relative(root, entry)} is missing: run \`npm run build\` first (it compiles the server and builds the web app).`)
  process.exit(1)
}
// The entry reads its arguments as if it had been started itself.
process.argv = [process.argv[0], entry, ...process.argv.slice(cli ? 3 : 2)]
await import(pathToFileURL(entry).href)
