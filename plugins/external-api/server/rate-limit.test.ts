import t, { type Test } from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { apiWorld, sendJson } from './test-support/world.ts'

/**
 * The limit is read when the plugin registers its route: each test sets it before building its app, and puts the
 * defaults back when it ends (test files may share a process: scripts/test-groups.mjs).
 */
function limit(t: Test, max: number, windowMs: number): void {
  process.env.ZAPDESK_EXTERNAL_API_RATE_MAX = String(max)
  process.env.ZAPDESK_EXTERNAL_API_RATE_WINDOW_MS = String(windowMs)
  t.teardown(() => {
    delete process.env.ZAPDESK_EXTERNAL_API_RATE_MAX
    delete process.env.ZAPDESK_EXTERNAL_API_RATE_WINDOW_MS
  })
}

const body = { number: '5511988887777', body: 'Olá' }

t.test('per token: over the limit 429 ERR_RATE_LIMITED with Retry-After; other tokens have their own count', async (t) => {
  // A window long enough for a loaded machine: the calls below all fall in it.
  limit(t, 3, 120_000)
  const app = await build(t)
  const a = await apiWorld(app)
  const b = await apiWorld(app)
  for (let i = 0; i < 3; i++) t.equal((await sendJson(app, a.token, body)).statusCode, 201, `call ${i + 1} passes`)
  const limited = await sendJson(app, a.token, body)
  t.equal(limited.statusCode, 429)
  t.equal(limited.json().error, 'ERR_RATE_LIMITED')
  const retryAfter = Number(limited.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 120, `Retry-After ${retryAfter} s`)
  t.equal((await sendJson(app, b.token, body)).statusCode, 201, 'another token has its own count')
  t.equal((await sendJson(app, null, body)).statusCode, 401, 'no token: refused as such, not counted')
  const unknown = 'zdk_guess'
  for (let i = 0; i < 3; i++) t.equal((await sendJson(app, unknown, body)).statusCode, 401)
  t.equal((await sendJson(app, unknown, body)).statusCode, 429, 'guessing a token is limited too')
})

t.test('after Retry-After the token is counted afresh', async (t) => {
  limit(t, 1, 2000)
  const app = await build(t)
  // An unknown token is answered without sending anything: quick calls, so the short window is not timing-bound.
  const guess = 'zdk_window'
  t.equal((await sendJson(app, guess, body)).statusCode, 401)
  const limited = await sendJson(app, guess, body)
  t.equal(limited.statusCode, 429)
  const retryAfter = Number(limited.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 2, `Retry-After ${retryAfter} s`)
  await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200))
  t.equal((await sendJson(app, guess, body)).statusCode, 401, 'a new window: refused for the token, no longer for the rate')
})
