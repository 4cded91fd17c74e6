import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'

const root = path.resolve(import.meta.dirname, '..')

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = ''
  const child = spawn(process.execPath, ['--import', './scripts/typescript.mjs', 'core/server.ts'], {
    cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, SERVE_WEB: 'false', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

async function waitFor(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer`)
}

const tmp = (t: { teardown(fn: () => void): void }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-server-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('first run in development prints a working super user, then SIGTERM exits 0', async (t) => {
  const port = await freePort()
  const s = startServer({ PORT: String(port), DATA_DIR: tmp(t), NODE_ENV: 'development' })
  t.teardown(() => s.child.kill('SIGKILL'))
  await waitFor(`http://127.0.0.1:${port}/api/version`)
  const match = /admin@zapdesk\.local \/ (\S+)/.exec(s.output())
  t.ok(match, 'the generated password is printed')
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@zapdesk.local', password: match![1] }) })
  t.equal(login.status, 200)
  const { token } = (await login.json()) as { token: string }
  const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(((await me.json()) as { super: boolean }).super, true)
  const inFlight = fetch(`http://127.0.0.1:${port}/api/plans/list`)
  s.child.kill('SIGTERM')
  t.equal((await inFlight).status, 200, 'an in-flight request completes')
  t.equal(await s.exited, 0, 'graceful exit')
})

t.test('production refuses unsafe secrets and seeds no default account', async (t) => {
  const weak = startServer({ PORT: String(await freePort()), DATA_DIR: tmp(t), NODE_ENV: 'production', JWT_SECRET: 'secret', JWT_REFRESH_SECRET: 'secret' })
  t.equal(await weak.exited, 78)
  t.match(weak.output(), /JWT_SECRET/)

  const port = await freePort()
  const s = startServer({ PORT: String(port), DATA_DIR: tmp(t), NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(40), JWT_REFRESH_SECRET: 'b'.repeat(40) })
  t.teardown(() => s.child.kill('SIGKILL'))
  await waitFor(`http://127.0.0.1:${port}/api/version`)
  t.match(s.output(), /create-super-user/, 'tells how to create the first super user')
  t.notMatch(s.output(), /shown once/)
  const plans = (await (await fetch(`http://127.0.0.1:${port}/api/plans/list`)).json()) as Array<{ id: number; name: string }>
  t.equal(plans.find((p) => p.id === 2)?.name, 'PRO')
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@zapdesk.local', password: 'admin' }) })
  t.equal(login.status, 401)
  s.child.kill('SIGTERM')
  t.equal(await s.exited, 0)
})
