import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { pluginWebModules } from './lib/plugins.ts'
import { until } from './lib/until.ts'
import type { Page } from 'playwright-core'

t.setTimeout(300_000)

const company = { name: 'Padaria Aurora', userName: 'Aurora Lima', email: `aurora-${Date.now()}@example.com`, phone: '11987654321', password: 'aurora-pass-1' }
const CORE_ENTRIES = ['dashboard', 'todolist', 'helps', 'users', 'settings']

let server: RunningServer
let b: BrowserSession

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const menuIds = async () => b.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
const token = () => b.page.evaluate(() => localStorage.getItem('token'))
/**
 * Opens the top bar's language menu and picks a language. The menu is opened again when its items do not show: right
 * after a reload, on a busy machine, the first click can land while the top bar is still settling and be lost.
 */
async function pickLanguage(page: Page, lng: string): Promise<void> {
  const item = page.locator(`[data-lang=${lng}]`)
  // An earlier pick's menu is gone first (its closing items are still in the page for a moment).
  await page.locator('[data-lang]').first().waitFor({ state: 'hidden' })
  await until(`the language menu showing ${lng}`, async () => {
    if (!(await item.isVisible())) await page.click('[data-testid=language-menu]')
    return item.waitFor({ timeout: 2000 }).then(() => true)
  }, 15_000)
  await item.click()
}
const apiGet = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`, { headers: { Authorization: `Bearer ${await token()}` } })
  return (await res.json()) as T
}

t.test('a visitor signs up a company', async (t) => {
  const { page } = b
  await step(b, 'signup', async () => {
    await page.goto(`${server.url}/signup`)
    await page.getByText('Aproveite 7 dias grátis do plano PRO após o cadastro!').waitFor()
    t.equal(await page.locator('#signup-plan').count(), 0, 'no plan picker: the trial is the spec\'s plan 2')
    await page.click('[data-testid=signup-submit]')
    t.equal(await page.locator('.bp6-form-group.bp6-intent-danger').count(), 4, 'company, person, email and password are asked for')
    await page.fill('#signup-name', company.name)
    await page.fill('#signup-user-name', company.userName)
    await page.fill('#signup-email', company.email)
    await page.fill('#signup-phone', company.phone)
    t.equal(await page.inputValue('#signup-phone'), '(11) 98765-4321', 'phone mask applied')
    await page.fill('#signup-password', company.password)
    await page.click('[data-testid=signup-submit]')
    await page.waitForURL('**/login')
  })
})

t.test('the signup screen in en and es at 390 px', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 800 })
  for (const [lng, name, trial] of [['en', 'Your name', 'Enjoy 7 free days of the PRO plan'], ['es', 'Su nombre', 'Disfrute 7 días gratis del plan PRO']]) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `signup-${lng}`, async () => {
      await page.goto(`${server.url}/signup`)
      await page.getByText(trial).waitFor()
      await page.locator('label[for=signup-user-name]', { hasText: name }).waitFor()
    })
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng}: fits 390 px`)
    await b.screenshot(`signup-${lng}`)
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.goto(`${server.url}/login`)
})

t.test('the new admin logs in and sees the menu of the plan', async (t) => {
  const { page } = b
  await step(b, 'login', async () => {
    await page.fill('#login-email', company.email)
    await page.fill('#login-password', company.password)
    await page.click('[data-testid=login-submit]')
    await page.waitForURL((u) => u.pathname === '/')
    await page.locator('.zd-sidebar [data-menu-id=users]').waitFor()
  })
  t.ok(await token(), 'token stored')
  t.equal(await page.evaluate(() => localStorage.getItem('companyDueDate')?.length), 10, 'due date stored')
  t.match(await page.locator('.zd-topbar').innerText(), company.name, 'welcome line names the company')
  t.match(await page.locator('.zd-topbar').innerText(), 'Aurora Lima', 'and greets the person who signed up, not the company')
  t.match(await page.locator('[data-testid=due-line]').innerText(), /Ativo até \d\d\/\d\d\/\d{4}/)
  t.match(await page.locator('.zd-sidebar__foot').innerText(), /6\.0\.0/)

  const listPlan = await apiGet<{ plan: Record<string, unknown> }>(`/companies/listPlan/${await page.evaluate(() => localStorage.getItem('companyId'))}`)
  const ids = await menuIds()
  for (const id of CORE_ENTRIES) t.ok(ids.includes(id), `core entry ${id}`)
  for (const m of await pluginWebModules()) {
    for (const e of m.menu.filter((x) => !x.superOnly)) {
      const allowed = !m.feature || listPlan.plan[m.feature] === true
      if (allowed) t.ok(ids.includes(e.id), `${e.id} shown (plan allows ${m.feature ?? 'it'})`)
      else t.notOk(ids.includes(e.id), `${e.id} hidden (plan lacks ${m.feature})`)
    }
  }
  t.notOk(ids.includes('announcements'), 'super-only entries hidden')
})

t.test('a module switched off leaves the menu and its route is refused', async (t) => {
  const { page } = b
  const gated = (await pluginWebModules()).find((m) => m.feature && m.menu.length && m.routes.length)
  const feature = gated?.feature ?? 'useKanban'
  const switchFor = () => page.locator(`[data-testid=modules-panel] [data-feature=${feature}] input[type=checkbox]`)
  // the switch is controlled: it flips only once the server has answered, so click its label and wait for that
  const flip = () => page.click(`[data-testid=modules-panel] [data-feature=${feature}] label.bp6-switch`)
  await step(b, 'modules-off', async () => {
    await page.click('.zd-sidebar [data-menu-id=settings]')
    await page.click('#bp6-tab-title_settings-tabs_modules')
    await switchFor().waitFor({ state: 'attached' })
    t.ok(await switchFor().isChecked(), `${feature} starts on`)
    await flip()
    await waitForToast(page, /desativado/)
    t.notOk(await switchFor().isChecked(), 'switch shows off')
  })
  const modules = await apiGet<{ feature: string; enabled: boolean }[]>('/modules')
  t.equal(modules.find((m) => m.feature === feature)?.enabled, false, 'the API says the module is off')
  const plan = await apiGet<{ plan: Record<string, unknown> }>(`/companies/listPlan/${await page.evaluate(() => localStorage.getItem('companyId'))}`)
  t.equal(plan.plan[feature], false, 'listPlan reflects the switch')
  if (gated) {
    await step(b, 'module-gone', async () => {
      await page.locator(`.zd-sidebar [data-menu-id=${gated.menu[0].id}]`).waitFor({ state: 'detached' })
      await page.goto(`${server.url}${gated.routes[0].path.replace(/\/:[^/]+\?/g, '')}`)
      await waitForToast(page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
      await page.waitForURL((u) => u.pathname === '/')
    })
    t.pass(`${gated.name} left the menu and its page redirected home`)
  } else {
    t.comment('no plan-gated plugin with a page is installed yet: checked the panel and the API only')
  }
  await step(b, 'modules-on', async () => {
    await page.goto(`${server.url}/settings?tab=modules`)
    await switchFor().waitFor({ state: 'attached' })
    await flip()
    await waitForToast(page, /ativado/)
  })
  if (gated) await page.locator(`.zd-sidebar [data-menu-id=${gated.menu[0].id}]`).waitFor()
})

t.test('a company admin sees modules by name, only the installed ones, and no platform payment token; pt, en, es at 390 px', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 800 })
  const modules = await apiGet<{ feature: string }[]>('/modules')
  const texts = { pt: 'Opções', en: 'Options', es: 'Opciones' }
  for (const [lng, options] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `modules-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=modules`)
      await page.locator('[data-testid=modules-panel] [data-feature]').first().waitFor()
    })
    const shown = await page.locator('[data-testid=modules-panel] [data-feature]').evaluateAll((els) => els.map((e) => e.getAttribute('data-feature')))
    t.same(shown, modules.map((m) => m.feature), `${lng}: the installed modules`)
    t.notMatch(await page.locator('[data-testid=modules-panel]').innerText(), /\buse[A-Z]/, `${lng}: no internal names on screen`)
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng}: fits 390 px`)
    await b.screenshot(`modules-${lng}`)
    await step(b, `options-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=options`)
      await page.getByRole('tab', { name: options }).waitFor()
      await page.locator('#setting-language').waitFor()
    })
    t.equal(await page.locator('#setting-asaas').count(), 0, `${lng}: no payment token field for a company admin`)
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
})

t.test('the language switch changes the interface and is remembered', async (t) => {
  const { page } = b
  await step(b, 'language', async () => {
    await pickLanguage(page, 'en')
    await page.locator('.zd-sidebar [data-menu-id=users]', { hasText: 'Users' }).waitFor()
  })
  t.equal(await page.evaluate(() => localStorage.getItem('language')), 'en')
  t.equal(await page.evaluate(() => document.documentElement.lang), 'en-US')
  await page.reload()
  await page.locator('.zd-sidebar [data-menu-id=settings]', { hasText: 'Settings' }).waitFor()
  await step(b, 'language-es', async () => {
    await pickLanguage(page, 'es')
    await page.locator('.zd-sidebar [data-menu-id=users]', { hasText: 'Usuarios' }).waitFor()
  })
  await pickLanguage(page, 'en')
  await page.locator('.zd-sidebar [data-menu-id=users]', { hasText: 'Users' }).waitFor()
  t.pass('pt -> en -> es -> en')
})

t.test('the admin creates a user', async (t) => {
  const { page } = b
  const email = `agent-${Date.now()}@example.com`
  await step(b, 'create-user', async () => {
    await page.click('.zd-sidebar [data-menu-id=users]')
    await page.waitForURL('**/users')
    await page.click('[data-testid=add-user]')
    await page.click('[data-testid=user-save]')
    // the interface is in English since the language test
    await page.getByText('Required').first().waitFor()
    await page.fill('#user-name', 'A')
    await page.fill('#user-email', 'not-an-email')
    await page.fill('#user-password', '123')
    await page.click('[data-testid=user-save]')
    await page.getByText('Too Short!').first().waitFor()
    await page.getByText('Invalid email').waitFor()
    await page.fill('#user-name', 'Bruna Agente')
    await page.fill('#user-email', email)
    await page.fill('#user-password', 'agent-pass-1')
    await page.selectOption('#user-profile', 'user')
    await page.click('[data-testid=user-save]')
    await waitForToast(page, 'User saved successfully!')
    await page.locator('[data-testid=users-table]', { hasText: email }).waitFor()
  })
  const users = await apiGet<{ users: { email: string; profile: string }[] }>('/users?searchParam=bruna&pageNumber=1')
  t.equal(users.users.find((u) => u.email === email)?.profile, 'user', 'created with profile user')
})

t.test('the admin logs out', async (t) => {
  const { page } = b
  await step(b, 'logout', async () => {
    await page.click('[data-testid=account-menu]')
    // A menu that grew from its corner moved its entries under the pointer for 300 ms: a quick click's mousedown
    // and mouseup landed on two entries and chose neither (a CI run's logout did nothing). Menus open in place.
    const logout = page.locator('[data-testid=logout]')
    await logout.waitFor()
    const opening = await logout.boundingBox()
    await page.waitForTimeout(400)
    t.same(await logout.boundingBox(), opening, 'the menu\'s entries stay where they appeared')
    await logout.click()
    await page.waitForURL('**/login')
  })
  t.equal(await token(), null, 'token removed')
  await page.goto(`${server.url}/users`)
  await page.waitForURL('**/login')
  t.pass('private routes send a signed-out visitor to /login')
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
