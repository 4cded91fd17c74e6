import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { signIn } from './lib/session.ts'

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

/** What the kit says in each language: the unsaved-changes question and its buttons, the save toast. */
const TEXTS = {
  pt: { discard: 'Descartar as alterações?', keep: 'Continuar editando', saved: 'Tag salva com sucesso!', cancel: 'Cancelar', close: 'Fechar', before: '0 tags', after: '1 tag' },
  en: { discard: 'Discard the changes?', keep: 'Keep editing', saved: 'Tag saved!', cancel: 'Cancel', close: 'Close', before: '1 tag', after: '2 tags' },
  es: { discard: '¿Descartar los cambios?', keep: 'Seguir editando', saved: '¡Etiqueta guardada!', cancel: 'Cancelar', close: 'Cerrar', before: '2 etiquetas', after: '3 etiquetas' },
}

const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

t.test('the CRUD kit at phone width, in pt, en and es: list pages, form dialogs, inline forms', async (t) => {
  const { page } = b
  await signIn(page, server.url, server.admin.email, server.admin.password)
  for (const [lng, text] of Object.entries(TEXTS)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `form-dialog-${lng}`, async () => {
      await page.goto(`${server.url}/tags`)
      await page.locator('.zd-page-count', { hasText: text.before }).waitFor()
      await page.click('[data-testid=add-tag]')
      t.equal(await page.locator('.zd-dialog .bp6-dialog-close-button').getAttribute('aria-label'), text.close, `${lng}: the dialog's close button is named in the screen's language`)
      await page.fill('#tag-name', `Urgente ${lng}`)
      await page.locator('.zd-dialog').getByRole('button', { name: text.cancel, exact: true }).click()
      await page.getByText(text.discard).waitFor()
      await page.waitForTimeout(400) // the alert's opening transition, for the screenshot
    })
    await b.screenshot(`kit-discard-${lng}`)
    await step(b, `form-dialog-save-${lng}`, async () => {
      await page.getByRole('button', { name: text.keep }).click()
      await page.click('[data-testid=tag-save]')
      await waitForToast(page, text.saved)
      await page.locator('[data-testid=tags-table]', { hasText: `Urgente ${lng}` }).waitFor()
      // the header's count follows the save, in the language's plural
      await page.locator('.zd-page-count', { hasText: text.after }).waitFor()
    })
    t.ok(await overflow() <= 0, `${lng}: the tags page fits 390 px`)
    await b.screenshot(`kit-tags-${lng}`)
    await step(b, `inline-form-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=plans`)
      await page.locator('[data-testid=plans-table] tr').filter({ has: page.getByRole('cell', { name: 'PRO', exact: true }) }).click()
      await page.locator('#plan-name').waitFor()
      t.equal(await page.inputValue('#plan-name'), 'PRO', `${lng}: a picked row fills the form`)
    })
    t.ok(await overflow() <= 0, `${lng}: the plans tab fits 390 px`)
    await b.screenshot(`kit-plans-${lng}`)
    await step(b, `kept-list-${lng}`, async () => {
      await page.goto(`${server.url}/connections`)
      await page.locator('.zd-page-header, .zd-empty, [data-testid=connections-table]').first().waitFor()
    })
    t.ok(await overflow() <= 0, `${lng}: the connections page fits 390 px`)
    await b.screenshot(`kit-connections-${lng}`)
  }
  t.same(b.errors.filter((e) => !/favicon/.test(e)), [], 'no console errors')
})

t.test('the help form takes a full YouTube link, as its hint says, and refuses another site on the field; pt, en, es', async (t) => {
  const { page } = b // still signed in as the super user
  const texts = { pt: ['Salvar', 'Valor inválido'], en: ['Save', 'Invalid value'], es: ['Guardar', 'Valor no válido'] }
  for (const [lng, [save, invalid]] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `help-link-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=helps`)
      await page.fill('#help-title', `Filas ${lng}`)
      await page.fill('#help-video', 'https://vimeo.com/123')
      await page.getByRole('button', { name: save, exact: true }).click()
      await page.locator('.bp6-form-group, .bp5-form-group', { hasText: invalid }).first().waitFor()
      await page.fill('#help-video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')
      await page.getByRole('button', { name: save, exact: true }).click()
      await page.locator('tr', { hasText: `Filas ${lng}` }).filter({ hasText: 'dQw4w9WgXcQ' }).waitFor()
    })
    t.ok(await overflow() <= 0, `${lng}: the helps tab fits 390 px`)
    await b.screenshot(`helps-link-${lng}`)
  }
})

t.test('the language of automatic messages is a company option, and the sandbox driver is named in the screen\'s language', async (t) => {
  const { page } = b // still signed in as the super user
  const texts = {
    pt: { option: 'Idioma das mensagens automáticas', spanish: 'Espanhol', sandbox: 'Sandbox (telefone simulado)' },
    en: { option: 'Language of automatic messages', spanish: 'Spanish', sandbox: 'Sandbox (simulated phone)' },
    es: { option: 'Idioma de los mensajes automáticos', spanish: 'Español', sandbox: 'Sandbox (teléfono simulado)' },
  }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `language-option-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=options`)
      await page.locator('label[for=setting-language]', { hasText: text.option }).waitFor()
      await page.selectOption('#setting-language', 'es')
      await page.locator('#setting-language:not([disabled])').waitFor()
      t.equal(await page.locator('#setting-language option:checked').innerText(), text.spanish, `${lng}: the choice is named in the screen's language`)
      await page.locator('label[for=setting-language]').scrollIntoViewIfNeeded()
    })
    t.ok(await overflow() <= 0, `${lng}: the options tab fits 390 px`)
    await b.screenshot(`language-option-${lng}`)
    await step(b, `provider-label-${lng}`, async () => {
      await page.goto(`${server.url}/connections`)
      await page.click('[data-testid=add-connection]')
      t.equal(await page.locator('#connection-provider option[value=sandbox]').innerText(), text.sandbox, `${lng}: the sandbox driver's name`)
      await page.keyboard.press('Escape')
    })
  }
  const saved = await page.evaluate(async () => (await fetch('/api/settings', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })).json())
  t.ok((saved as Array<{ key: string; value: string }>).some((s) => s.key === 'language' && s.value === 'es'), 'the option is saved for the company')
})
