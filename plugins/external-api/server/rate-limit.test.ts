import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { apiWorld, sendJson } from './test-support/world.ts'

// Read when the plugin registers its route: three calls a token per two seconds, for this file's apps.
process.env.ZAPDESK_EXTERNAL_API_RATE_MAX = '3'
process.env.ZAPDESK_EXTERNAL_API_RATE_WINDOW_MS = '2000'

t.test('per token: over the limit 429 ERR_RATE_LIMITED with Retry-After; other tokens unaffected; the window passes', async (t) => {
  const app = await build(t)
  const a = await apiWorld(app)
  const b = await apiWorld(app)
  const body = { number: '5511988887777', body: 'Olá' }
  for (let i = 0; i < 3; i++) t.equal((await sendJson(app, a.token, body)).statusCode, 201, `call ${i + 1} passes`)
  const limited = await sendJson(app, a.token, body)
  t.equal(limited.statusCode, 429)
  t.equal(limited.json().error, 'ERR_RATE_LIMITED')
  const retryAfter = Number(limited.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 2, `Retry-After ${retryAfter} s`)
  t.equal((await sendJson(app, b.token, body)).statusCode, 201, 'another token has its own count')
  t.equal((await sendJson(app, null, body)).statusCode, 401, 'no token: refused as such, not counted')

  const unknown = 'zdk_guess'
  for (let i = 0; i < 3; i++) t.equal((await sendJson(app, unknown, body)).statusCode, 401)
  t.equal((await sendJson(app, unknown, body)).statusCode, 429, 'guessing a token is limited too')

  await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100))
  t.equal((await sendJson(app, a.token, body)).statusCode, 201, 'after Retry-After the token sends again')
})
