import t from 'tap'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { freshDatabase } from '../testing/database.ts'
import { startFakeS3 } from '../testing/fake-s3.ts'
import { freePort, spawnServer, type ServerProcess } from '../testing/server-process.ts'
import { waitUntil } from '../testing/wait.ts'

// Two instances share one MariaDB and one Redis (an embedded SQLite file serves one instance) and one bucket.
const skip = process.env.TEST_DATABASE_URL && process.env.REDIS_URL ? false : 'TEST_DATABASE_URL and REDIS_URL not set: two instances need MariaDB and Redis'

const secret = () => randomBytes(32).toString('hex')

async function api(server: ServerProcess, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; json: any; bytes: Buffer; type: string | null }> {
  const res = await fetch(`${server.url}/api${url}`, {
    method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  let json: any = null
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    // media, not JSON
  }
  return { status: res.status, json, bytes, type: res.headers.get('content-type') }
}

t.test('two server processes on one MariaDB, Redis and bucket: an image received on A is downloaded by an agent on B', { skip, timeout: 240_000 }, async (t) => {
  const [db, s3] = [await freshDatabase(), await startFakeS3()]
  t.teardown(async () => {
    await s3.close()
    await db.drop()
  })
  const shared = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production', HOST: '127.0.0.1', SERVE_WEB: 'false', LOG_LEVEL: 'warn', BCRYPT_COST: '4',
    JWT_SECRET: secret(), JWT_REFRESH_SECRET: secret(), DATABASE_URL: db.url!, REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: `zs${randomBytes(4).toString('hex')}`, ...s3.env(),
  }
  // Each has its own data dir: nothing on a local disk is shared, the bucket is.
  const a = await spawnServer({ env: { ...shared, PORT: String(await freePort()), DATA_DIR: `${db.dataDir}/a` } })
  t.teardown(() => a.stop())
  const b = await spawnServer({ env: { ...shared, PORT: String(await freePort()), DATA_DIR: `${db.dataDir}/b` } })
  t.teardown(() => b.stop())

  const tag = randomBytes(3).toString('hex')
  const signup = await api(a, 'POST', '/companies/cadastro', undefined, { name: `Loja ${tag}`, email: `dona-${tag}@example.test`, password: 'Senha12345' })
  t.equal(signup.status, 201, JSON.stringify(signup.json))
  const admin = (await api(a, 'POST', '/auth/login', undefined, { email: `dona-${tag}@example.test`, password: 'Senha12345' })).json.token as string
  const agent = await api(a, 'POST', '/users', admin, { name: 'Atendente', email: `agente-${tag}@example.test`, password: 'Agente12345', profile: 'user', allTicket: 'enabled' })
  t.equal(agent.status, 201, JSON.stringify(agent.json))
  const w = (await api(a, 'POST', '/whatsapp', admin, { name: 'Sandbox', provider: 'sandbox' })).json as { id: number }
  await waitUntil('sandbox connected', async () => (await api(a, 'GET', `/whatsapp/${w.id}`, admin)).json?.status === 'CONNECTED', { timeoutMs: 30_000 })

  const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(20_000)])
  const injected = await api(a, 'POST', `/sandbox/${w.id}/messages`, admin, {
    from: '5511988887777', id: `img-${tag}`, mediaType: 'image', mediaBase64: image.toString('base64'), fileName: 'foto.png', body: 'segue a foto',
  })
  t.equal(injected.status, 201, JSON.stringify(injected.json))

  // The agent works on B only: signs in there, finds the ticket and its messages there (the ticket has no queue
  // yet: an agent sees those with allTicket enabled).
  const agentToken = (await api(b, 'POST', '/auth/login', undefined, { email: `agente-${tag}@example.test`, password: 'Agente12345' })).json.token as string
  let ticketId = 0
  await waitUntil('the ticket on B', async () => {
    const list = await api(b, 'GET', '/tickets?status=pending&showAll=true', agentToken)
    ticketId = list.json?.tickets?.[0]?.id ?? 0
    return ticketId > 0
  }, { timeoutMs: 30_000 })
  let mediaUrl: string | null = null
  await waitUntil('the image message on B', async () => {
    const messages = (await api(b, 'GET', `/messages/${ticketId}`, agentToken)).json?.messages as Array<{ mediaUrl: string | null; body: string }> | undefined
    mediaUrl = messages?.find((m) => m.mediaUrl)?.mediaUrl ?? null
    return mediaUrl !== null
  }, { timeoutMs: 30_000 })
  t.match(mediaUrl, /^\/api\/media\/[0-9a-f-]{36}\.png$/)
  const name = mediaUrl!.split('/').pop()!
  t.ok([...s3.objects.keys()].some((k) => k.endsWith(`/${name}`)), 'stored in the bucket')
  t.notOk(fs.existsSync(path.join(a.dataDir, 'media')) || fs.existsSync(path.join(b.dataDir, 'media')), 'and on neither instance\'s disk')

  const download = await fetch(`${b.url}${mediaUrl}`, { headers: { authorization: `Bearer ${agentToken}` } })
  t.equal(download.status, 200)
  t.equal(download.headers.get('content-type'), 'image/png')
  t.same(Buffer.from(await download.arrayBuffer()), image, 'B serves the same bytes A received')
  const seek = await fetch(`${b.url}${mediaUrl}`, { headers: { authorization: `Bearer ${agentToken}`, range: 'bytes=8-15' } })
  t.equal(seek.status, 206)
  t.same(Buffer.from(await seek.arrayBuffer()), image.subarray(8, 16))
  t.equal((await fetch(`${b.url}${mediaUrl}`)).status, 401, 'not without signing in')
})
