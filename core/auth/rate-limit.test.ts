import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { AttemptLimiter } from './attempt-limiter.ts'

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })

t.test('the 6th attempt from one IP within the window after 5 failures is 429, even with the right password', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (let i = 1; i <= 5; i++) {
    const res = await login(app, i % 2 ? c.admin.email : `nobody${i}@example.test`, 'wrong-pass', '10.1.1.1')
    t.equal(res.statusCode, 401, `failure ${i} is still an answer`)
  }
  const sixth = await login(app, c.user.email, c.user.password, '10.1.1.1')
  t.equal(sixth.statusCode, 429)
  t.equal(sixth.json().error, 'ERR_RATE_LIMITED')
  t.notOk(sixth.json().token)
  const elsewhere = await login(app, c.user.email, c.user.password, '10.1.1.2')
  t.equal(elsewhere.statusCode, 200, 'another address is not limited')
})

t.test('the 11th attempt for one email is 429 whatever the address', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (let i = 0; i < 10; i++) {
    const res = await login(app, c.admin.email.toUpperCase(), 'wrong-pass', `10.2.0.${i}`)
    t.equal(res.statusCode, 401, `failure ${i + 1}`)
  }
  const eleventh = await login(app, c.admin.email, c.admin.password, '10.2.1.1')
  t.equal(eleventh.statusCode, 429, 'a fresh address does not help, and case does not matter')
  t.equal(eleventh.json().error, 'ERR_RATE_LIMITED')
  t.equal((await login(app, c.user.email, c.user.password, '10.2.1.1')).statusCode, 200, 'other accounts are not limited')
})

t.test('successful sign-ins do not count; a success clears the email\'s failures', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (let i = 0; i < 8; i++) t.equal((await login(app, c.user.email, c.user.password, '10.3.0.1')).statusCode, 200)
  for (let i = 0; i < 9; i++) await login(app, c.admin.email, 'wrong-pass', `10.3.1.${i}`)
  t.equal((await login(app, c.admin.email, c.admin.password, '10.3.2.1')).statusCode, 200)
  for (let i = 0; i < 9; i++) t.equal((await login(app, c.admin.email, 'wrong-pass', `10.3.3.${i}`)).statusCode, 401)
  t.equal((await login(app, c.admin.email, c.admin.password, '10.3.4.1')).statusCode, 200)
})

t.test('concurrent guesses from one IP cannot slip past the limit', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(app, c.admin.email, `wrong-${i}`, '10.4.0.1')))
  const codes = answers.map((r) => r.statusCode)
  t.equal(codes.filter((s) => s === 401).length, 5, 'exactly five guesses were checked')
  t.equal(codes.filter((s) => s === 429).length, 7)
})

t.test('the window ends: attempts count again from zero', async (t) => {
  const app = await build(t, { config: { loginRateLimit: { perIp: 2, perIpWindowMs: 2500, perEmail: 10, perEmailWindowMs: 2500 } } })
  const c = await createCompanyWithUsers(app)
  await login(app, c.admin.email, 'wrong-pass', '10.5.0.1')
  await login(app, c.admin.email, 'wrong-pass', '10.5.0.1')
  t.equal((await login(app, c.admin.email, c.admin.password, '10.5.0.1')).statusCode, 429)
  await new Promise((r) => setTimeout(r, 2700))
  t.equal((await login(app, c.admin.email, c.admin.password, '10.5.0.1')).statusCode, 200)
})

t.test('AttemptLimiter in memory: counts, windows, resets and releases', async (t) => {
  const l = new AttemptLimiter('x:')
  t.equal(await l.count('k'), 0)
  t.equal(await l.hit('k', 60_000), 1)
  t.equal(await l.hit('k', 60_000), 2)
  await l.record('k', 60_000)
  t.equal(await l.count('k'), 3)
  await l.release('k')
  t.equal(await l.count('k'), 2)
  await l.reset('k')
  t.equal(await l.count('k'), 0)
  await l.release('k')
  t.equal(await l.count('k'), 0, 'release never goes below zero')
  await l.record('short', 20)
  await new Promise((r) => setTimeout(r, 40))
  t.equal(await l.count('short'), 0, 'the window expired')
  t.equal(await l.hit('short', 60_000), 1, 'a new window starts')
})

t.test('AttemptLimiter on the app (Redis when configured) shares one count', async (t) => {
  const app = await build(t)
  const key = `test:${Date.now()}`
  t.equal(await app.attempts.hit(key, 60_000), 1)
  t.equal(await app.attempts.hit(key, 60_000), 2)
  await app.attempts.release(key)
  t.equal(await app.attempts.count(key), 1)
  await app.attempts.reset(key)
  t.equal(await app.attempts.count(key), 0)
})
