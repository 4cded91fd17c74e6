import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureWebBuilt, startServer, type RunningServer } from './lib/server.ts'
import { apiCall, sandboxConnection, signIn } from './lib/session.ts'
import { openBrowser, step, type BrowserSession } from './lib/browser.ts'
import { until } from './lib/until.ts'

/**
 * The installable app (#23 item 3): manifest and icons, the service worker registering and controlling the page,
 * an offline reload showing the cached shell with the offline state, and system notifications for a customer's
 * message injected through the sandbox: raised while the page is hidden, not while it is visible nor with the
 * user's switch off. The Notification constructor is watched through an init script; "hidden" is emulated. The
 * server serves a copy of the build, so a new deploy can be played by changing files under it.
 */
t.setTimeout(600_000)

const company = { name: 'Floricultura Ipê', email: `ipe-${Date.now()}@example.com`, phone: '', password: 'ipe-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const customer = { from: '5511955551234', name: 'Rita Cliente' }

let server: RunningServer
let b: BrowserSession
let dist = ''
let token = ''
let whatsapp = 0

/** Records every Notification built by the page and every chime (two tones each), and lets the test say whether
 * the page is hidden. */
const SPY = `
  window.__notes = []
  window.__hidden = false
  window.__tones = 0
  if (window.AudioContext) {
    const tone = AudioContext.prototype.createOscillator
    AudioContext.prototype.createOscillator = function () {
      window.__tones++
      return tone.call(this)
    }
  }
  const Real = window.Notification
  if (Real) {
    class Spy extends Real {
      constructor(title, options) {
        super(title, options)
        window.__notes.push({ title, body: options && options.body, tag: options && options.tag, note: this })
      }
    }
    Object.defineProperty(Spy, 'permission', { get: () => Real.permission })
    Spy.requestPermission = (...args) => Real.requestPermission(...args)
    window.Notification = Spy
  }
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible') })
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden })
`

t.before(async () => {
  ensureWebBuilt()
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-pwa-dist-'))
  fs.cpSync(process.env.WEB_DIST ?? path.join(ROOT, 'web/dist'), dist, { recursive: true })
  server = await startServer({ WEB_DIST: dist })
  b = await openBrowser({ serviceWorker: true })
  await b.context.addInitScript(SPY)
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  if (dist) fs.rmSync(dist, { recursive: true, force: true })
})

const notes = () => b.page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body?: string; tag?: string }> }).__notes.map(({ title, body, tag }) => ({ title, body, tag })))
const setHidden = (hidden: boolean) => b.page.evaluate((h) => {
  (window as unknown as { __hidden: boolean }).__hidden = h
  document.dispatchEvent(new Event('visibilitychange'))
}, hidden)
const tones = () => b.page.evaluate(() => (window as unknown as { __tones: number }).__tones)
const badge = async () => Number((await b.page.locator('.zd-topbar .zd-badge').textContent({ timeout: 200 }).catch(() => '0')) || 0)
const inject = (body: string) => apiCall(server.url, 'POST', `/sandbox/${whatsapp}/messages`, { ...customer, body }, token)

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buf: Buffer): [number, number] {
  if (buf.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG')
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)]
}

t.test('the manifest is served as such and valid; its icons are real PNGs of their sizes', async (t) => {
  const res = await fetch(`${server.url}/manifest.webmanifest`)
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^application\/manifest\+json/)
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> }
  t.equal(manifest.name, 'Zapdesk')
  t.ok(manifest.short_name)
  t.equal(manifest.start_url, '/')
  t.equal(manifest.display, 'standalone')
  const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`)
  t.same(sizes.sort(), ['192x192:any', '512x512:any', '512x512:maskable'].sort())
  for (const icon of manifest.icons) {
    const file = await fetch(new URL(icon.src, server.url))
    t.equal(file.headers.get('content-type'), 'image/png', icon.src)
    t.equal(pngSize(Buffer.from(await file.arrayBuffer())).join('x'), icon.sizes, `${icon.src} is ${icon.sizes}`)
  }
  const sw = await fetch(`${server.url}/sw.js`)
  t.equal(sw.status, 200)
  t.match(sw.headers.get('content-type'), /javascript/)
  const html = await (await fetch(`${server.url}/tickets`)).text()
  t.match(html, /<link rel="manifest" href="\/manifest.webmanifest"/, 'the pages link it')
})

t.test('the service worker registers, controls the page after a reload and keeps no API answer', async (t) => {
  await apiCall(server.url, 'POST', '/companies/cadastro', company)
  const { page } = b
  await step(b, 'login', async () => {
    token = await signIn(page, server.url, company.email, company.password)
  })
  const scope = await step(b, 'sw-ready', () => page.evaluate(async () => (await navigator.serviceWorker.ready).scope))
  t.equal(scope, `${server.url}/`)
  await step(b, 'sw-controls', async () => {
    await page.reload()
    await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
    await until('the worker to control the page', () => page.evaluate(() => !!navigator.serviceWorker.controller), 10_000)
  })
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
    return urls
  })
  t.ok(cached.includes('/index.html'), 'the shell is kept')
  t.ok(cached.some((u) => u.startsWith('/assets/')), 'the build files are kept')
  t.same(cached.filter((u) => u.startsWith('/api')), [], 'no API answer is kept')
})

t.test('a customer message while the page is hidden raises a notification; a click opens its ticket', async (t) => {
  const { page } = b
  whatsapp = await sandboxConnection(server.url, token)
  await step(b, 'permission-from-menu', async () => {
    await page.click('[data-testid=account-menu]')
    await page.locator('[data-testid=notification-permission][data-state=default]', { hasText: 'Permitir' }).waitFor()
    // the browser's prompt cannot be clicked headless: the grant stands for the user's "Allow"
    await b.context.grantPermissions(['notifications'], { origin: server.url })
    await page.click('[data-testid=notification-permission-item]')
    await page.locator('[data-testid=notification-permission][data-state=granted]', { hasText: 'Permitidas' }).waitFor()
    await page.locator('[data-testid=alerts-state]', { hasText: 'Ligados' }).waitFor()
  })
  await b.screenshot('pwa-menu-pt')
  await page.keyboard.press('Escape')
  await setHidden(true)
  const tonesBefore = await tones()
  await inject('Bom dia, as rosas chegaram?')
  const [note] = await step(b, 'hidden-notification', () => until('a notification', async () => ((await notes()).length ? notes() : null)))
  t.equal(note.title, customer.name, 'titled with the contact')
  t.equal(note.body, 'Bom dia, as rosas chegaram?', 'the message text')
  t.match(note.tag, /^\/tickets\//, 'one per ticket')
  t.ok((await tones()) > tonesBefore, 'and the chime')
  await setHidden(false)
  await step(b, 'notification-click', async () => {
    await page.evaluate(() => {
      const { note } = (window as unknown as { __notes: Array<{ note: Notification }> }).__notes[0]
      note.onclick?.(new Event('click'))
    })
    await page.waitForURL(`**${note.tag}`)
    await page.locator('[data-testid=messages-list]').getByText('Bom dia, as rosas chegaram?').waitFor()
  })
})

t.test('no notification while the page is visible, nor with the switch off', async (t) => {
  const { page } = b
  await page.click('.zd-sidebar [data-menu-id=dashboard]')
  await page.waitForURL((u) => u.pathname === '/')
  const before = (await notes()).length
  let bell = await badge()
  await inject('Visível: não notifica')
  await step(b, 'visible-bell', () => until('the bell to count it', async () => (await badge()) > bell))
  t.equal((await notes()).length, before, 'visible: the bell only')

  await step(b, 'switch-off', async () => {
    await page.click('[data-testid=account-menu]')
    await page.click('[data-testid=alerts-toggle]')
    await page.locator('[data-testid=alerts-state]', { hasText: 'Desligados' }).waitFor()
    await page.keyboard.press('Escape')
  })
  const userId = (await apiCall<{ id: number }>(server.url, 'GET', '/auth/me', undefined, token)).id
  t.equal(await page.evaluate((id) => localStorage.getItem(`desktopAlerts:${id}`), userId), 'off', 'kept for this user')
  await setHidden(true)
  bell = await badge()
  const tonesBefore = await tones()
  await inject('Desligado: não notifica')
  await step(b, 'off-bell', () => until('the bell to count it', async () => (await badge()) > bell))
  t.equal((await notes()).length, before, 'switch off: no notification while hidden either')
  t.equal(await tones(), tonesBefore, 'nor the chime')

  await step(b, 'switch-on', async () => {
    await setHidden(false)
    await page.click('[data-testid=account-menu]')
    await page.click('[data-testid=alerts-toggle]')
    await page.locator('[data-testid=alerts-state]', { hasText: 'Ligados' }).waitFor()
    await page.keyboard.press('Escape')
  })
  await setHidden(true)
  await inject('Ligado de novo')
  await step(b, 'on-again', () => until('the notification', async () => (await notes()).length > before))
  await setHidden(false)
})

t.test('offline, a reload shows the cached shell with the offline state; back online, the session resumes', async (t) => {
  const { page } = b
  await b.context.setOffline(true)
  await step(b, 'offline-event', () => page.locator('[data-testid=offline-banner]', { hasText: 'Você está sem conexão' }).waitFor())
  await step(b, 'offline-reload', async () => {
    await page.reload()
    await page.locator('[data-testid=offline-banner]', { hasText: 'Você está sem conexão' }).waitFor()
    await page.locator('[data-testid=offline-screen]', { hasText: 'Sua sessão continua guardada' }).waitFor()
  })
  t.equal(await page.title(), 'Zapdesk', 'the shell loaded from the cache')
  t.ok(await page.evaluate(() => localStorage.getItem('token')), 'an unanswered refresh does not end the session')
  await b.screenshot('pwa-offline-pt')
  await b.context.setOffline(false)
  await step(b, 'back-online', async () => {
    await page.locator('.zd-sidebar [data-menu-id]').first().waitFor({ timeout: 20_000 })
    await page.locator('[data-testid=offline-banner]').waitFor({ state: 'detached' })
    await page.locator('[data-testid=offline-screen]').waitFor({ state: 'detached' })
  })
  t.pass('signed in again without a new login')
})

t.test('with the server down, the cached shell says the server does not answer', async (t) => {
  const { page } = b
  await page.route('**/api/**', (route) => route.abort('connectionrefused'))
  await step(b, 'server-down', async () => {
    await page.reload()
    await page.locator('[data-testid=offline-banner]', { hasText: 'Sem resposta do servidor' }).waitFor()
  })
  t.pass('told apart from the browser being offline')
  await page.unroute('**/api/**')
  await step(b, 'server-back', async () => {
    // the page asks the server every 10 s while it does not answer, and signs in as soon as it does
    await page.locator('.zd-sidebar [data-menu-id]').first().waitFor({ timeout: 25_000 })
    await page.locator('[data-testid=offline-banner]').waitFor({ state: 'detached' })
  })
  t.pass('the session resumed once the server answered')
})

/** Widest element of the page beyond the viewport, if any (a horizontal overflow a thumb would drag sideways). */
const overflow = () => b.page.evaluate(() => {
  const width = document.documentElement.clientWidth
  if (document.documentElement.scrollWidth > width) return `the page is ${document.documentElement.scrollWidth}px wide`
  const wide = [...document.querySelectorAll<HTMLElement>('.zd-tickets *')].find((el) => {
    const r = el.getBoundingClientRect()
    return r.width > 0 && el.checkVisibility() && (r.right > width + 1 || r.left < -1) && !el.closest('[hidden]')
  })
  return wide ? `${wide.tagName}.${wide.className} reaches ${Math.round(wide.getBoundingClientRect().right)}px` : null
})

t.test('at phone width the tickets list and the conversation fit and keep their actions at the bottom (pt, en, es)', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 844 })
  let uuid = ''
  const allowed = { pt: 'Permitidas', en: 'Allowed', es: 'Permitidas' } as Record<string, string>
  for (const lng of ['pt', 'en', 'es']) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-list-${lng}`, async () => {
      await page.goto(`${server.url}/tickets`)
      await page.locator('[data-testid=tickets-page]').waitFor()
      await page.click('[data-testid=narrow-tab-list]')
      // waiting until accepted in the first round, then one of the admin's own
      if (!uuid) await page.click('[data-testid=tickets-tab-pending]')
      await page.locator('[data-testid=ticket-row]', { hasText: customer.name }).first().waitFor()
    })
    t.equal(await overflow(), null, `${lng}: the list fits 390 px`)
    await b.screenshot(`pwa-phone-list-${lng}`)
    await step(b, `phone-menu-${lng}`, async () => {
      await page.click('[data-testid=account-menu]')
      await page.locator('[data-testid=notification-permission]', { hasText: allowed[lng] }).waitFor()
    })
    await page.waitForTimeout(400) // the popover's opening transition, for a readable screenshot
    await b.screenshot(`pwa-phone-menu-${lng}`)
    await page.keyboard.press('Escape')
    await step(b, `phone-ticket-${lng}`, async () => {
      if (!uuid) {
        const row = page.locator('[data-testid=ticket-row]', { hasText: customer.name }).first()
        const accept = row.locator('[data-testid=ticket-accept]')
        if (await accept.count()) await accept.click()
        else await row.click()
        await page.waitForURL(/\/tickets\/[^/]+$/)
        uuid = new URL(page.url()).pathname.split('/').pop()!
      } else {
        await page.goto(`${server.url}/tickets/${uuid}`)
      }
      await page.locator('[data-testid=message-input]').waitFor()
    })
    t.equal(await overflow(), null, `${lng}: the conversation fits 390 px`)
    // the thumb's reach: the lower part of the screen, and the screen's own edge for the pane switch
    const bottom = async (sel: string) => {
      const box = await page.locator(sel).boundingBox()
      return box ? Math.round(box.y + box.height) : -1
    }
    const composer = await bottom('[data-testid=message-input]')
    const resolve = await bottom('[data-testid=header-resolve]')
    const panes = await bottom('[data-testid=narrow-tab-list]')
    t.ok(composer > 844 - 200 && composer <= 844, `${lng}: the composer in the lower part (bottom at ${composer})`)
    t.ok(resolve > composer && resolve <= 844, `${lng}: resolve below the composer (bottom at ${resolve})`)
    t.ok(panes >= 844 - 2, `${lng}: the Ticket / list switch on the bottom edge (bottom at ${panes})`)
    await b.screenshot(`pwa-phone-ticket-${lng}`)
    await b.context.setOffline(true)
    await step(b, `phone-offline-${lng}`, () => page.locator('[data-testid=offline-banner]').waitFor())
    t.equal(await overflow(), null, `${lng}: the offline pill fits too`)
    await b.screenshot(`pwa-phone-offline-${lng}`)
    await b.context.setOffline(false)
    await page.locator('[data-testid=offline-banner]').waitFor({ state: 'detached', timeout: 30_000 })
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
})

t.test('a new deploy: the open tab is told and a reload gets the new shell, not the kept one', async (t) => {
  const { page } = b
  await page.goto(`${server.url}/`)
  await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
  t.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'controlled by the current worker')
  // what a deploy changes: the shell (here, one marker) and therefore the worker's version
  const html = path.join(dist, 'index.html')
  fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('<head>', '<head><meta name="zd-deploy" content="2">'))
  const sw = path.join(dist, 'sw.js')
  fs.writeFileSync(sw, `${fs.readFileSync(sw, 'utf8')}\n// deploy 2\n`)
  await step(b, 'update-offered', async () => {
    // browsers look for a new worker on page loads and every hour (register.ts); ask now
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    await page.locator('[data-testid=update-ready]', { hasText: 'Uma nova versão do Zapdesk foi instalada.' }).waitFor({ timeout: 20_000 })
  })
  await b.screenshot('pwa-update-ready-pt')
  await step(b, 'update-reload', async () => {
    await page.locator('[data-testid=update-ready] button').click()
    await page.locator('meta[name=zd-deploy]').waitFor({ state: 'attached' })
    await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
  })
  t.equal(await page.locator('[data-testid=update-ready]').count(), 0, 'no offer on the new version')
})

t.test('blocked by the browser: the menu says so, and a hidden tab only chimes', async (t) => {
  const { page } = b
  const cdp = await b.context.newCDPSession(page)
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: server.url })
  await page.goto(`${server.url}/`)
  await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
  await step(b, 'blocked-menu', async () => {
    // (this click is also the user's gesture that lets the reloaded page play audio)
    await page.click('[data-testid=account-menu]')
    await page.locator('[data-testid=notification-permission][data-state=denied]', { hasText: 'Bloqueadas' }).waitFor()
  })
  t.equal(await page.locator('[data-testid=notification-permission-item]').getAttribute('aria-disabled'), 'true', 'nothing to ask: the browser decides')
  await page.keyboard.press('Escape')
  await setHidden(true)
  const bell = await badge()
  const tonesBefore = await tones()
  await inject('Bloqueado: só o som')
  await step(b, 'blocked-bell', () => until('the bell to count it', async () => (await badge()) > bell))
  t.equal((await notes()).length, 0, 'no notification')
  t.ok((await tones()) > tonesBefore, 'the chime still plays')
  await setHidden(false)
  await cdp.detach()
})
