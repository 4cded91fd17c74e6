import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { ROOT } from './server.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARTIFACTS = path.join(ROOT, 'e2e/artifacts')
/**
 * `ZAPDESK_E2E_SCREENSHOTS=failures` (.ci/run): only a failed step's screenshot is taken. The others are for a person
 * walking the screens, and a clean clone's run throws them away: a full-page one cost chromium about 0.7 CPU-s (three
 * files' 21, alternated: 117 and 133 CPU-s without them against 134 and 148 with).
 */
const FAILURES_ONLY = process.env.ZAPDESK_E2E_SCREENSHOTS === 'failures'

export interface BrowserSession {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught page errors seen so far. */
  errors: string[]
  /** Keeps a full-page screenshot in e2e/artifacts/ (unless only failures' are kept); answers its file. */
  screenshot: (name: string) => Promise<string>
  close: () => Promise<void>
}

/**
 * Debian chromium, headless, with a fresh profile each time (never a downloaded browser). The app's service worker is
 * pwa.test.ts's to test (`serviceWorker: true`); the other sessions block it: on a fresh profile it fetches and
 * stores the build's ~160 files, about 1 CPU-s of the browser's per session (CI opens some forty), and it changes
 * nothing they look at.
 */
export async function openBrowser(opts: { width?: number; height?: number; locale?: string; serviceWorker?: boolean } = {}): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium`)
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    locale: opts.locale ?? 'pt-BR',
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    // A fake microphone (a beeping tone) that needs no permission prompt: voice notes are recorded for real.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  })
  await context.addInitScript(recordToasts)
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('console', (m) => {
    // A failed resource's text does not name it: its address does.
    if (m.type() === 'error') errors.push(m.location().url ? `${m.text()} (${m.location().url})` : m.text())
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return {
    context,
    page,
    errors,
    screenshot: async (name) => {
      const file = artifact(name)
      if (!FAILURES_ONLY) await capture(page, file)
      return file
    },
    close: async () => {
      await context.close().catch(() => undefined)
      fs.rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** Runs one scenario step; when it fails, a screenshot of the page is kept in e2e/artifacts/. */
export async function step<T>(session: BrowserSession, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    const file = artifact(`failed-${name}`)
    await capture(session.page, file)
    const seen = await pageState(session.page)
    throw new Error(`step "${name}" failed (screenshot: ${file}; ${seen}): ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
}

const artifact = (name: string): string => path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '-')}.png`)

async function capture(page: Page, file: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
}

/** Where the page was and what it showed, for a failure read in a CI log where the screenshot cannot be opened. */
async function pageState(page: Page): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const read = page.evaluate(() => document.body?.innerText ?? '').catch((e: unknown) => `(unreadable: ${String(e)})`)
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(no answer in 3 s)'), 3000)))
  const text = await Promise.race([read, late]).finally(() => clearTimeout(timer))
  const oneLine = text.replace(/\s+/g, ' ').trim().slice(0, 400)
  return `url ${page.url()}, page text "${oneLine}"`
}

/** Text of the toasts on screen right now. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.bp6-toast .bp6-toast-message').allInnerTexts()
}

interface ToastLog { texts: string[]; awaited: number[] }

/**
 * Runs in every document before the app: notes the text of each toast as it appears. A toast lives 2-3 s; a browser
 * slowed down enough (a loaded CI machine) can show and close one between two polls of a locator, so waitForToast
 * reads this log instead of only what is on screen at the moment it looks.
 */
function recordToasts(): void {
  const log: ToastLog = { texts: [], awaited: [] }
  Object.assign(window, { __zdToasts: log })
  const known = new WeakMap<Element, string>()
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.bp6-toast .bp6-toast-message')) {
      const text = el.textContent ?? ''
      if (text && known.get(el) !== text) {
        known.set(el, text)
        log.texts.push(text)
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/**
 * Waits for a toast with the text (a substring, case and spacing ignored as in Playwright's hasText, or a pattern)
 * shown in the current document and not matched by an earlier call: each toast answers one wait.
 */
export async function waitForToast(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  const wanted = typeof text === 'string'
    ? { substring: text.replace(/\s+/g, ' ').toLowerCase(), source: '', flags: '' }
    : { substring: null, source: text.source, flags: text.flags.replace(/[gy]/g, '') }
  try {
    await page.waitForFunction((w) => {
      const log = (window as unknown as { __zdToasts?: ToastLog }).__zdToasts
      if (!log) return false
      const pattern = w.substring === null ? new RegExp(w.source, w.flags) : null
      const index = log.texts.findIndex((t, i) => !log.awaited.includes(i) &&
        (pattern ? pattern.test(t) : t.replace(/\s+/g, ' ').toLowerCase().includes(w.substring ?? '')))
      if (index < 0) return false
      log.awaited.push(index)
      return true
    }, wanted, { timeout, polling: 50 })
  } catch (err) {
    const seen = await page.evaluate(() => (window as unknown as { __zdToasts?: ToastLog }).__zdToasts?.texts ?? []).catch(() => [])
    throw new Error(`no toast ${String(text)} within ${timeout} ms; toasts of this page: ${JSON.stringify(seen)}`, { cause: err })
  }
}

/**
 * Closes a dialog (or a popover menu: `selector` names something inside it) with Escape the way a user does, once it
 * has focus: Blueprint moves focus into an overlay a frame after it opens and hears the key only there, so a key
 * pressed in between went to the page and the overlay stayed.
 */
export async function escapeDialog(page: Page, selector = '.zd-dialog'): Promise<void> {
  const dialog = page.locator(selector)
  await dialog.waitFor()
  await page.waitForFunction((s) => {
    const overlay = document.querySelector(s)?.closest('.bp6-overlay')
    return Boolean(overlay && document.activeElement && overlay.contains(document.activeElement))
  }, selector)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
}

/**
 * Selects a Blueprint tab the way a user does who sees it did not switch: clicked again until it is selected. In a red
 * CI run's tickets test a click on a page still settling left the tab focused but not selected (no click event came,
 * most likely pressed on the tab and released off it as something above it changed size) and the list stayed put.
 */
export async function selectTab(page: Page, selector: string, attempts = 3): Promise<void> {
  const tab = page.locator(selector)
  for (let i = 1; ; i++) {
    await tab.click()
    try {
      await page.locator(`${selector}[aria-selected=true]`).waitFor({ timeout: 5_000 })
      return
    } catch (err) {
      if (i >= attempts) throw err
    }
  }
}
