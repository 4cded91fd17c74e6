// npm run dev: the API with reload on change (tsx watch) and the web app with hot reload (vite, proxying /api).
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'core/server.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, SERVE_WEB: 'false' } }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
]
const stop = (signal) => children.forEach((c) => c.kill(signal))
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0) })
