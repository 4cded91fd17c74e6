import t from 'tap'
import { createHttpClient, buildUrl, type FetchLike } from './http-client.ts'
import { ApiError } from './api-error.ts'

type Reply = { status: number; body?: unknown }

function fakeFetch(replies: Record<string, Reply[]>) {
  const calls: { url: string; auth?: string; method?: string }[] = []
  const fetch: FetchLike = async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>
    calls.push({ url, auth: headers.Authorization, method: init?.method })
    const path = url.replace('/api', '').split('?')[0]
    const queue = replies[path]
    const reply = queue?.shift() ?? { status: 500, body: { error: 'ERR_INTERNAL' } }
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body)
    return new Response(reply.status === 204 ? null : text, { status: reply.status })
  }
  return { fetch, calls }
}

function client(replies: Record<string, Reply[]>) {
  const f = fakeFetch(replies)
  const state = { token: 'old' as string | null, unauthorized: 0, refreshed: 0 }
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: f.fetch,
    getToken: () => state.token,
    onRefreshed: (a) => {
      state.token = a.token
      state.refreshed++
    },
    onUnauthorized: () => {
      state.unauthorized++
      state.token = null
    },
  })
  return { http, state, calls: f.calls }
}

const user = { id: 1 }
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as ApiError,
  )

t.test('buildUrl drops empty query values', async (t) => {
  t.equal(buildUrl('/api', '/users', { searchParam: '', pageNumber: 2, x: undefined, y: null }), '/api/users?searchParam=&pageNumber=2')
})

t.test('sends the bearer token and returns JSON', async (t) => {
  const { http, calls } = client({ '/users': [{ status: 200, body: { users: [] } }] })
  t.same(await http.get('/users'), { users: [] })
  t.equal(calls[0].auth, 'Bearer old')
})

t.test('a 403 refreshes once and retries once', async (t) => {
  const { http, state, calls } = client({
    '/users': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }, { status: 200, body: { ok: true } }],
    '/auth/refresh_token': [{ status: 200, body: { token: 'new', user } }],
  })
  t.same(await http.get('/users'), { ok: true })
  t.equal(state.refreshed, 1)
  t.equal(calls[2].auth, 'Bearer new')
  t.equal(calls[1].auth, undefined, 'refresh relies on the cookie')
})

t.test('concurrent 403s share one refresh', async (t) => {
  const { http, state, calls } = client({
    '/a': [{ status: 403 }, { status: 200, body: 1 }],
    '/b': [{ status: 403 }, { status: 200, body: 2 }],
    '/auth/refresh_token': [{ status: 200, body: { token: 'new', user } }],
  })
  t.same(await Promise.all([http.get('/a'), http.get('/b')]), [1, 2])
  t.equal(state.refreshed, 1)
  t.equal(calls.filter((c) => c.url.includes('refresh')).length, 1)
})

t.test('a second 403 after the retry is thrown, not retried again', async (t) => {
  const { http, state } = client({
    '/modules/useKanban': [{ status: 403, body: { error: 'ERR_MODULE_NOT_IN_PLAN' } }, { status: 403, body: { error: 'ERR_MODULE_NOT_IN_PLAN' } }],
    '/auth/refresh_token': [{ status: 200, body: { token: 'new', user } }],
  })
  const err = await failure(http.put('/modules/useKanban', { enabled: true }))
  t.ok(err instanceof ApiError)
  t.equal(err.code, 'ERR_MODULE_NOT_IN_PLAN')
  t.equal(state.unauthorized, 0)
})

t.test('a failed refresh after an expired token ends the session', async (t) => {
  const { http, state } = client({
    '/users': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }],
    '/auth/refresh_token': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
  })
  await t.rejects(http.get('/users'))
  t.equal(state.unauthorized, 1)
  t.equal(state.token, null)
})

t.test('a failed refresh after a permission denial keeps the session', async (t) => {
  const { http, state } = client({
    '/users': [{ status: 403, body: { error: 'ERR_NO_PERMISSION' } }],
    '/auth/refresh_token': [{ status: 401 }],
  })
  const err = await failure(http.get('/users'))
  t.equal(err.code, 'ERR_NO_PERMISSION')
  t.equal(state.unauthorized, 0)
})

t.test('a 401 clears the session; anonymous calls do not', async (t) => {
  const { http, state } = client({
    '/users': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
    '/auth/login': [{ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' } }],
  })
  const login = await failure(http.post('/auth/login', {}, { anonymous: true }))
  t.equal(login.code, 'ERR_INVALID_CREDENTIALS')
  t.equal(state.unauthorized, 0)
  await t.rejects(http.get('/users'))
  t.equal(state.unauthorized, 1)
})

t.test('a call of the session made when there is none never reaches the server; it ends the session as a 401 would', async (t) => {
  const { http, state, calls } = client({ '/version': [{ status: 200, body: { version: '6.0.0' } }] })
  state.token = null
  const error = await failure(http.get('/whatsapp', { query: { session: 0 } }))
  t.same([error.status, error.code], [401, 'ERR_SESSION_EXPIRED'])
  t.same(await http.get('/version', { anonymous: true }), { version: '6.0.0' }, 'an anonymous call still goes')
  t.same(calls.map((c) => c.url), ['/api/version'])
  t.same([state.refreshed, state.unauthorized], [0, 1], 'a tab whose token went (a sign-out in another tab) signs out')
})

t.test('the sign-out call sends the token but never refreshes or clears the session on its answer', async (t) => {
  const { http, state, calls } = client({
    '/auth/logout': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }, { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
  })
  await t.rejects(http.del('/auth/logout', { leaveSession: true }))
  await t.rejects(http.del('/auth/logout', { leaveSession: true }))
  t.equal(calls[0].auth, 'Bearer old')
  t.same(calls.map((c) => c.url), ['/api/auth/logout', '/api/auth/logout'], 'no refresh call')
  t.same([state.refreshed, state.unauthorized], [0, 0])
})

t.test('non-JSON errors keep their raw text', async (t) => {
  const { http } = client({ '/x': [{ status: 400, body: 'plain failure' }] })
  const err = await failure(http.get('/x'))
  t.equal(err.code, null)
  t.equal(err.message, 'plain failure')
})

t.test('204 resolves to undefined', async (t) => {
  const { http } = client({ '/users/2': [{ status: 204 }] })
  t.equal(await http.del('/users/2'), undefined)
})

t.test('a call with onUploadProgress goes through the upload transport, with the same session rules', async (t) => {
  const plain = fakeFetch({})
  const uploads = fakeFetch({ '/files': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }, { status: 200, body: { id: 7 } }], '/auth/refresh_token': [] })
  const progress: number[] = []
  let token = 'old'
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: async (url, init) => (url.includes('refresh_token') ? new Response(JSON.stringify({ token: 'new', user }), { status: 200 }) : plain.fetch(url, init)),
    upload: (onProgress) => async (url, init) => {
      onProgress(1)
      return uploads.fetch(url, init)
    },
    getToken: () => token,
    onRefreshed: (a) => (token = a.token),
    onUnauthorized: () => undefined,
  })
  const form = new FormData()
  form.append('file', new Blob(['x']), 'a.txt')
  t.same(await http.post('/files', form, { onUploadProgress: (f) => progress.push(f) }), { id: 7 })
  t.same(uploads.calls.map((c) => c.auth), ['Bearer old', 'Bearer new'], 'retried after the refresh with the new token')
  t.same(progress, [1, 1])
  t.equal(plain.calls.length, 0, 'the plain fetch was not used')
})

t.test('every call says the language the app shows, so the server writes in it', async (t) => {
  const seen: (string | undefined)[] = []
  let language = 'es'
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: async (_url, init) => {
      seen.push(((init?.headers ?? {}) as Record<string, string>)['Accept-Language'])
      return new Response('{}', { status: 200 })
    },
    getToken: () => 'tok',
    getLanguage: () => language,
    onRefreshed: () => undefined,
    onUnauthorized: () => undefined,
  })
  await http.post('/forgetpassword/a%40b.c', undefined, { anonymous: true })
  language = 'en'
  await http.get('/x')
  t.same(seen, ['es', 'en'])
})

t.test('the session\'s end carries the server\'s code, so the sign-in screen can say why', async (t) => {
  const codes: (string | null)[] = []
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: async () => new Response(JSON.stringify({ error: 'ERR_COMPANY_INACTIVE', message: 'inactive' }), { status: 401 }),
    getToken: () => 'token',
    onRefreshed: () => undefined,
    onUnauthorized: (code) => void codes.push(code),
  })
  await t.rejects(http.get('/tickets'), { code: 'ERR_COMPANY_INACTIVE' })
  t.same(codes, ['ERR_COMPANY_INACTIVE'])
})

t.test('the calls in flight when the session ends are aborted; the sign-out call, anonymous calls and later calls are not', async (t) => {
  const started: Array<{ path: string; signal?: AbortSignal | null; answer: () => void }> = []
  const fetch: FetchLike = (url, init) => new Promise<Response>((resolve, reject) => {
    const signal = init?.signal
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true })
    started.push({ path: url, signal, answer: () => resolve(new Response('{"ok":true}', { status: 200 })) })
  })
  const http = createHttpClient({ baseUrl: '/api', fetch, getToken: () => 'tok', onRefreshed: () => undefined, onUnauthorized: () => undefined })
  const own = new AbortController()
  const data = http.get('/tickets', { signal: own.signal })
  const counts = http.get('/announcements')
  const signOut = http.del('/auth/logout', { leaveSession: true })
  const login = http.post('/auth/login', {}, { anonymous: true })
  http.endSessionCalls()
  const errorName = (p: Promise<unknown>) => p.then(() => 'answered', (e: unknown) => (e as Error).name)
  t.equal(await errorName(data), 'AbortError', 'a page\'s call (with its own signal too) is aborted')
  t.equal(await errorName(counts), 'AbortError')
  for (const s of started.slice(2)) s.answer()
  t.same(await signOut, { ok: true }, 'the sign-out call goes through')
  t.same(await login, { ok: true }, 'an anonymous call goes through')
  t.notOk(own.signal.aborted, 'the caller\'s own signal is left alone')
  const next = http.get('/tickets')
  started[started.length - 1].answer()
  t.same(await next, { ok: true }, 'the next session\'s calls are not aborted')
  const page = new AbortController()
  const left = http.get('/contacts', { signal: page.signal })
  page.abort()
  t.equal(await errorName(left), 'AbortError', 'a call still follows its caller\'s own signal')
})

t.test('a page\'s signal keeps no listener of its answered calls; a body still arriving when the session ends is aborted', async (t) => {
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: async () => new Response('{"ok":true}', { status: 200 }),
    getToken: () => 'tok', onRefreshed: () => undefined, onUnauthorized: () => undefined,
  })
  const page = new AbortController()
  let listening = 0
  const add = page.signal.addEventListener.bind(page.signal)
  const remove = page.signal.removeEventListener.bind(page.signal)
  page.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => { listening++; add(...args) }) as AbortSignal['addEventListener']
  page.signal.removeEventListener = ((...args: Parameters<AbortSignal['removeEventListener']>) => { listening--; remove(...args) }) as AbortSignal['removeEventListener']
  for (let i = 0; i < 5; i++) t.same(await http.get('/tickets', { signal: page.signal }), { ok: true })
  t.equal(listening, 0, 'five answered calls, no listener left')

  // Headers in, body still streaming: ending the session aborts the read.
  let push: ((chunk: string) => void) | undefined
  const slow = createHttpClient({
    baseUrl: '/api',
    fetch: async (_url, init) => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk))
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), { once: true })
      },
    }), { status: 200 }),
    getToken: () => 'tok', onRefreshed: () => undefined, onUnauthorized: () => undefined,
  })
  const reading = slow.get('/tickets').then(() => 'answered', (e: unknown) => (e as Error).name)
  await new Promise((r) => setTimeout(r, 10))
  push?.('{"ok":')
  slow.endSessionCalls()
  t.equal(await reading, 'AbortError')
})
