import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { ROOT } from './server.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARTIFACTS = path.join(ROOT, 'e2e/artifacts')

export interface BrowserSession {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught page errors seen so far. */
  errors: string[]
  screenshot: (name: string) => Promise<string>
  close: () => Promise<void>
}

/** Debian chromium, headless, with a fresh profile each time (never a downloaded browser). */
export async function openBrowser(opts: { width?: number; height?: number; locale?: string } = {}): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium`)
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    locale: opts.locale ?? 'pt-BR',
    // A fake microphone (a beeping tone) that needs no permission prompt: voice notes are recorded for real.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return {
    context,
    page,
    errors,
    screenshot: async (name) => {
      fs.mkdirSync(ARTIFACTS, { recursive: true })
      const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '-')}.png`)
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
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
    const file = await session.screenshot(`failed-${name}`)
    throw new Error(`step "${name}" failed (screenshot: ${file}): ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
}

/** Text of the toasts on screen right now. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.bp6-toast .bp6-toast-message').allInnerTexts()
}

export async function waitForToast(page: Page, text: string | RegExp, timeout = 8000): Promise<void> {
  await page.locator('.bp6-toast .bp6-toast-message', { hasText: text }).first().waitFor({ state: 'visible', timeout })
}

/**
 * Closes a dialog with Escape the way a user does, once it has focus: Blueprint moves focus into an overlay a frame
 * after it opens and hears the key only there, so a key pressed in between went to the page and the dialog stayed.
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
