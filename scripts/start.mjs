// npm start: build the web app when its sources changed since the last build, then run the server.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'web/dist/index.html')

function newestMtime(dir) {
  let newest = 0
  if (!fs.existsSync(dir)) return 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)
  }
  return newest
}

// The same .env the server and the web build read: ZAPDESK_PLUGINS decides which plugin pages are bundled.
const envFile = path.join(root, '.env')
if (fs.existsSync(envFile)) process.loadEnvFile(envFile)
const thirdParty = (process.env.ZAPDESK_PLUGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)
const thirdPartyDirs = thirdParty.map((spec) => (spec.startsWith('.') || path.isAbsolute(spec) ? path.resolve(root, spec) : path.join(root, 'node_modules', spec)))
const pluginsDir = path.join(root, 'plugins')
const pluginWebDirs = fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir).map((p) => path.join(pluginsDir, p, 'web')) : []
const sources = Math.max(newestMtime(path.join(root, 'web')), ...pluginWebDirs.map(newestMtime), ...thirdPartyDirs.map((d) => newestMtime(fs.existsSync(d) ? fs.realpathSync(d) : d)))
// A build made for another plugin list is stale even when no file changed.
const stamp = path.join(root, 'web/dist/.plugins')
const builtFor = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : ''
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources || builtFor !== thirdParty.join(',')) {
  console.log('Building the web app...')
  const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
  fs.writeFileSync(stamp, thirdParty.join(','))
}

const server = spawn(process.execPath, ['--import', './scripts/typescript.mjs', 'core/server.ts'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
