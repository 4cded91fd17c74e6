import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'

t.setTimeout(300_000)

const company = { name: 'Floricultura Ipê', email: `ipe-${Date.now()}@example.com`, phone: '11987654321', password: 'ipe-pass-12' }
let server: RunningServer
let b: BrowserSession
let sheet: string

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
  const res = await fetch(`${server.url}/api/companies/cadastro`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(company) })
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`)
  // A spreadsheet as a person would make it: Portuguese headers, one row without number, one repeated number.
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Contatos')
  ws.addRows([
    ['Nome', 'Número', 'E-mail', 'Cidade'],
    ['Ana Beatriz', '(11) 91111-2222', 'ana@example.com', 'São Paulo'],
    ['Bruno, o "Bê"', '5511933334444', '', 'Recife'],
    ['Carla Sem Número', '', 'carla@example.com', ''],
    ['Ana Repetida', '11 91111-2222', '', ''],
  ])
  sheet = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-e2e-sheet-')), 'contatos.xlsx')
  await wb.xlsx.writeFile(sheet)
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  if (sheet) fs.rmSync(path.dirname(sheet), { recursive: true, force: true })
})

t.test('the admin signs in and finds both modules in the menu', async (t) => {
  const { page } = b
  await step(b, 'login', async () => {
    await page.goto(`${server.url}/login`)
    await page.fill('#login-email', company.email)
    await page.fill('#login-password', company.password)
    await page.click('[data-testid=login-submit]')
    await page.waitForURL((u) => u.pathname === '/')
    await page.locator('.zd-sidebar [data-menu-id=contacts]').waitFor()
  })
  t.ok(await page.locator('.zd-sidebar [data-menu-id=quick-messages]').isVisible(), 'quick messages entry')
})

t.test('a spreadsheet of contacts is imported and the result listed', async (t) => {
  const { page } = b
  await step(b, 'open contacts', async () => {
    await page.click('.zd-sidebar [data-menu-id=contacts]')
    await page.waitForURL('**/contacts')
    await page.getByText('Nenhum contato ainda').waitFor()
  })
  await step(b, 'import', async () => {
    await page.click('[data-testid=contacts-import]')
    await page.locator('[data-testid=contacts-import-file] input[type=file]').setInputFiles(sheet)
    await page.locator('[data-testid=contacts-import-result]').waitFor({ timeout: 20_000 })
  })
  t.equal(await page.locator('[data-testid=import-added-count]').innerText(), '2 contatos adicionados')
  t.equal(await page.locator('[data-testid=import-error-count]').innerText(), '2 linhas não importadas')
  await step(b, 'errors tab', async () => {
    await page.getByRole('tab', { name: '2 linhas não importadas' }).click()
    await page.locator('[data-testid=import-errors]').getByText('Número ausente').waitFor()
    await page.locator('[data-testid=import-errors]').getByText('Número repetido na planilha').waitFor()
    await b.screenshot('contacts-import-result')
  })
  await step(b, 'table', async () => {
    await page.click('[data-testid=contacts-import-close]')
    await page.locator('[data-testid=contacts-table]').getByText('Bruno, o "Bê"').waitFor()
  })
  const rows = await page.locator('[data-testid=contacts-table] tbody tr').allInnerTexts()
  t.equal(rows.length, 2)
  t.match(rows.join('\n'), /\(11\) 91111-2222/, 'numbers shown with the mask')
})

t.test('the search starts at 3 characters', async (t) => {
  const { page } = b
  await step(b, 'search', async () => {
    await page.fill('[data-testid=contacts-search]', 'br')
    await page.waitForTimeout(900)
    t.equal(await page.locator('[data-testid=contacts-table] tbody tr').count(), 2, 'two characters do not filter')
    await page.fill('[data-testid=contacts-search]', 'bru')
    await page.locator('[data-testid=contacts-table] tbody tr', { hasText: 'Ana Beatriz' }).waitFor({ state: 'detached' })
    await page.fill('[data-testid=contacts-search]', '')
    await page.locator('[data-testid=contacts-table] tbody tr', { hasText: 'Ana Beatriz' }).waitFor()
  })
})

t.test('the contact form shows the spec\'s messages', async (t) => {
  const { page } = b
  await step(b, 'form', async () => {
    await page.click('[data-testid=contacts-add]')
    await page.fill('#contact-name', 'C')
    await page.fill('#contact-number', '1199')
    t.equal(await page.inputValue('#contact-number'), '(11) 99', 'mask applied while typing')
    await page.fill('#contact-email', 'nope')
    await page.click('[data-testid=contact-save]')
    await page.getByText('Muito pequeno!').waitFor()
    await page.getByText('Muito curto!').waitFor()
    await page.getByText('Email inválido').waitFor()
    await page.fill('#contact-name', 'Diego')
    await page.fill('#contact-number', '11955556666')
    await page.fill('#contact-email', 'diego@example.com')
    await page.click('[data-testid=contact-save]')
    await waitForToast(page, 'Contato salvo com sucesso!')
    await page.locator('[data-testid=contacts-table]').getByRole('cell', { name: 'Diego', exact: true }).waitFor()
  })
  await b.screenshot('contacts-page')
})

t.test('the form kit: a refused number lands under its field, and closing over changes asks first', async (t) => {
  const { page } = b
  const dialog = page.locator('[data-testid=contact-form]')
  await step(b, 'duplicate number', async () => {
    await page.click('[data-testid=contacts-add]')
    await page.fill('#contact-name', 'Diego de novo')
    await page.fill('#contact-number', '11955556666')
    await page.click('[data-testid=contact-save]')
    await dialog.getByText('Já existe um contato com este número.').waitFor()
  })
  t.equal(await page.locator('.bp6-toast', { hasText: 'Já existe' }).count(), 0, 'the server\'s refusal is on the field, not a toast')
  // the browser logs the refused call (409) itself; it is the expected answer here
  b.errors.splice(0, b.errors.length, ...b.errors.filter((e) => !/status of 409/.test(e)))
  await step(b, 'discard asks', async () => {
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByText('Descartar as alterações?').waitFor()
    await page.getByRole('button', { name: 'Continuar editando' }).click()
    t.equal(await page.inputValue('#contact-name'), 'Diego de novo', 'still editing')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('button', { name: 'Descartar' }).click()
    await dialog.waitFor({ state: 'detached' })
  })
  await step(b, 'an untouched form closes at once', async () => {
    await page.click('[data-testid=contacts-add]')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
  })
})

t.test('the contacts are exported as CSV', async (t) => {
  const { page } = b
  const download = await step(b, 'export', async () => {
    const waiting = page.waitForEvent('download')
    await page.click('[data-testid=contacts-export]')
    return waiting
  })
  t.match(download.suggestedFilename(), /^contatos-\d{4}-\d\d-\d\d\.csv$/)
  const file = await download.path()
  const bytes = fs.readFileSync(file)
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM for Excel')
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
  t.equal(lines[0], 'name,number,email,createdAt')
  t.equal(lines.length, 4, 'three contacts')
  t.ok(lines.some((l) => l.startsWith('"Bruno, o ""Bê""",5511933334444,')), 'quoted and escaped')
  t.ok(lines.some((l) => l.startsWith('Ana Beatriz,11911112222,ana@example.com,')))
  await step(b, 'export-reimport', async () => {
    const csv = path.join(path.dirname(sheet), 'contatos-exportados.csv')
    fs.copyFileSync(file, csv)
    await page.click('[data-testid=contacts-import]')
    await page.locator('[data-testid=contacts-import-file] input[type=file]').setInputFiles(csv)
    await page.locator('[data-testid=contacts-import-result]').waitFor({ timeout: 20_000 })
  })
  t.equal(await page.locator('[data-testid=import-error-count]').innerText(), '3 linhas não importadas', 'the export reads back: its three contacts are known already')
  await page.click('[data-testid=contacts-import-close]')
})

t.test('a quick message is created', async (t) => {
  const { page } = b
  await step(b, 'quick message', async () => {
    await page.click('.zd-sidebar [data-menu-id=quick-messages]')
    await page.waitForURL('**/quick-messages')
    await page.click('[data-testid=quick-messages-add]')
    await page.click('[data-testid=quick-message-save]')
    await page.locator('[data-testid=quick-message-form]').getByText('Obrigatório').waitFor()
    await page.fill('#qm-shortcode', 'boasvindas')
    await page.fill('#qm-message', 'Olá! Seja bem-vindo à Floricultura Ipê.')
    await page.click('[data-testid=quick-message-save]')
    await waitForToast(page, 'Resposta rápida salva com sucesso!')
    await page.locator('[data-testid=quick-messages-table] tr[data-shortcode=boasvindas]').waitFor()
  })
  await b.screenshot('quick-messages-page')
  const row = await page.locator('[data-testid=quick-messages-table] tr[data-shortcode=boasvindas]').innerText()
  t.match(row, /\/boasvindas/)
  t.match(row, /Sem anexo/)
  t.same(b.errors.filter((e) => !/favicon/.test(e)), [], 'no console errors')
})

t.test('a quick message\'s attachment uploads with its progress shown', async (t) => {
  const { page } = b
  const file = path.join(path.dirname(sheet), 'catalogo.pdf')
  fs.writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, 0x20)]))
  // the server answers the upload a second late, so the bar is there to be seen on this fast local link
  let uploads = 0
  await page.route('**/media-upload', async (route) => {
    uploads++
    await new Promise((r) => setTimeout(r, 1000))
    await route.continue()
  })
  await step(b, 'upload', async () => {
    await page.locator('[data-testid=quick-messages-table] tr[data-shortcode=boasvindas]').getByRole('button', { name: 'Editar' }).click()
    await page.locator('[data-testid=qm-file] input[type=file]').setInputFiles(file)
    await page.locator('[data-testid=qm-file]', { hasText: 'catalogo.pdf' }).waitFor()
    await page.click('[data-testid=quick-message-save]')
    // the field's own bar, not the save button's spinner (also a progressbar)
    await page.locator('[data-testid=quick-message-form] .zd-media-field__progress[role=progressbar]').waitFor()
    // the dialog closes only once the upload is answered (an earlier save's toast may still be on screen)
    await page.locator('[data-testid=quick-message-form]').waitFor({ state: 'detached' })
  })
  await page.locator('[data-testid=quick-messages-table] tr[data-shortcode=boasvindas]', { hasText: 'catalogo.pdf' }).waitFor()
  t.pass('the attachment is listed once sent')
  await page.unroute('**/media-upload')
  t.equal(uploads, 1, 'one upload call')
})
