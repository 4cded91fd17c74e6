import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(300_000)

let server: RunningServer
let b: BrowserSession

t.before(async () => {
  server = await startServer()
  b = await openBrowser({ width: 390, height: 780 })
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const ENDED = { pt: 'Sua empresa está inativa', en: 'Your company is inactive', es: 'Su empresa está inactiva' }
const FORM = { pt: ['Fim do período de teste', 'Inativa: ninguém'], en: ['Trial ends', 'Inactive: nobody'], es: ['Fin del período de prueba', 'Inactiva: nadie'] }
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

t.test('a deactivated company\'s agent is sent to the sign-in screen, told why, in pt, en and es at 390 px', async (t) => {
  const { page } = b
  const root = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', server.admin)
  const email = `padaria${Date.now()}@example.test`
  const company = await apiCall<{ id: number }>(server.url, 'POST', '/companies/cadastro', { name: 'Padaria Inativa', email, password: 'Senha123', phone: '11999990000', planId: 2 })
  for (const [lng, text] of Object.entries(ENDED)) {
    await page.goto(`${server.url}/login`)
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await signIn(page, server.url, email, 'Senha123')
    await step(b, `deactivated-${lng}`, async () => {
      await apiCall(server.url, 'PUT', `/companies/${company.id}`, { status: false }, root.token)
      // the open socket hears it: no click needed
      await page.locator('[data-testid=session-ended]', { hasText: text }).waitFor()
    })
    t.match(page.url(), /\/login$/, `${lng}: on the sign-in screen`)
    t.ok(await overflow() <= 0, `${lng}: fits 390 px`)
    await b.screenshot(`company-inactive-${lng}`)
    await step(b, `refused-${lng}`, async () => {
      await page.fill('#login-email', email)
      await page.fill('#login-password', 'Senha123')
      await page.click('[data-testid=login-submit]')
      await waitForToast(page, text, 30_000)
    })
    t.pass(`${lng}: signing in again says the same`)
    await apiCall(server.url, 'PUT', `/companies/${company.id}`, { status: true }, root.token)
  }
  t.same(b.errors.filter((e) => !/favicon|401/.test(e)), [], 'no console errors')
})

t.test('the super user\'s company form shows the trial end and what inactive means, in pt, en and es at 390 px', async (t) => {
  const { page } = b
  await signIn(page, server.url, server.admin.email, server.admin.password)
  for (const [lng, [trial, hint]] of Object.entries(FORM)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `company-form-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=companies`)
      await page.locator('tr', { hasText: 'Padaria Inativa' }).first().click()
      await page.getByText(trial).waitFor()
      t.match(await page.inputValue('#company-trial'), /^\d{4}-\d{2}-\d{2}$/, `${lng}: the signup's trial end is filled`)
      await page.selectOption('#company-status', 'false')
      await page.getByText(hint).waitFor()
    })
    t.ok(await overflow() <= 0, `${lng}: fits 390 px`)
    await b.screenshot(`company-form-${lng}`)
  }
})
