import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiAnswer, apiCall, signIn } from './lib/session.ts'

t.setTimeout(300_000)

let server: RunningServer
let phone: BrowserSession
let desktop: BrowserSession
let admin: BrowserSession

t.before(async () => {
  server = await startServer()
  phone = await openBrowser({ width: 390, height: 780 })
  desktop = await openBrowser({ width: 1280, height: 800 })
  admin = await openBrowser({ width: 390, height: 780 })
})

t.teardown(async () => {
  for (const b of [phone, desktop, admin]) await b?.close()
  await server?.stop()
})

const REVOKED = { pt: 'Um administrador encerrou sua sessão', en: 'An administrator ended your session', es: 'Un administrador cerró su sesión' }
const BUTTON = { pt: 'Encerrar sessões', en: 'End sessions', es: 'Cerrar sesiones' }
const ENDED = { pt: '2 sessões encerradas', en: '2 sessions ended', es: '2 sesiones cerradas' }
const overflow = (b: BrowserSession) => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

t.test('an agent stays signed in on phone and desktop; an admin ends both, and each screen says why (pt, en, es; 390 px)', async (t) => {
  const email = `sessoes${Date.now()}@example.test`
  await apiCall(server.url, 'POST', '/companies/cadastro', { name: 'Loja Sessões', email, password: 'Senha123', phone: '11999990000', planId: 2, userName: 'Rita Dona' })
  const owner = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', { email, password: 'Senha123' })
  const agentEmail = `agente${Date.now()}@example.test`
  await apiCall(server.url, 'POST', '/users', { name: 'Caio Agente', email: agentEmail, password: 'Agente123', profile: 'user' }, owner.token)
  await signIn(admin.page, server.url, email, 'Senha123')

  for (const lng of ['pt', 'en', 'es'] as const) {
    for (const b of [phone, desktop, admin]) {
      await b.page.goto(`${server.url}/login`)
      await b.page.evaluate((l) => localStorage.setItem('language', l), lng)
    }
    const desktopToken = await signIn(desktop.page, server.url, agentEmail, 'Agente123')
    await signIn(phone.page, server.url, agentEmail, 'Agente123')
    t.equal((await apiAnswer(server.url, 'GET', '/auth/me', undefined, desktopToken)).status, 200, `${lng}: signing in on the phone leaves the desktop signed in`)
    await step(desktop, `desktop-still-in-${lng}`, async () => {
      await desktop.page.reload()
      await desktop.page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
    })

    await step(admin, `end-sessions-${lng}`, async () => {
      await admin.page.goto(`${server.url}/users`)
      const row = admin.page.locator('[data-testid=users-table] tr', { hasText: 'Caio Agente' })
      await row.locator('[data-testid=end-sessions]').click()
      await admin.page.locator('.zd-confirm', { hasText: 'Caio Agente' }).waitFor()
      await admin.screenshot(`end-sessions-confirm-${lng}`)
      await admin.page.locator('.zd-confirm button', { hasText: BUTTON[lng] }).click()
      await waitForToast(admin.page, ENDED[lng])
    })
    t.ok(await overflow(admin) <= 0, `${lng}: the users page fits 390 px`)
    for (const [name, b] of [['phone', phone], ['desktop', desktop]] as const) {
      // The open socket hears it: no click needed.
      await step(b, `revoked-${name}-${lng}`, () => b.page.locator('[data-testid=session-ended]', { hasText: REVOKED[lng] }).waitFor())
      t.match(b.page.url(), /\/login$/, `${lng}: the ${name} is on the sign-in screen, told why`)
      await b.screenshot(`session-revoked-${name}-${lng}`)
    }
    t.ok(await overflow(phone) <= 0, `${lng}: the sign-in screen fits 390 px`)
  }
  for (const b of [phone, desktop, admin]) t.same(b.errors.filter((e) => !/favicon|401/.test(e)), [], 'no console errors')
})
