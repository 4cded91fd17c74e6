import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(300_000)

let server: RunningServer
let b: BrowserSession
let token = ''
let sheet = ''
let whatsappId = 0

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
  const wb = new ExcelJS.Workbook()
  wb.addWorksheet('Clientes').addRows([
    ['Nome', 'Número', 'E-mail'],
    ['Ana Lima', '5511981110001', 'ana@example.com'],
    ['Bruno Dias', '(55) 11 98111-0002', ''],
    ['Carla Reis', '5511981110003', 'carla@example.com'],
    ['Sem Número', '', ''],
  ])
  sheet = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-e2e-campaign-')), 'clientes.xlsx')
  await wb.xlsx.writeFile(sheet)
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  if (sheet) fs.rmSync(path.dirname(sheet), { recursive: true, force: true })
})

/** The datetime-local value for an instant, in São Paulo (the company's timezone). */
function saoPauloInput(ms: number): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

t.test('settings: a 5-second interval between messages', async (t) => {
  const { page } = b
  token = await signIn(page, server.url, server.admin.email, server.admin.password)
  const connection = await apiCall<{ id: number }>(server.url, 'POST', '/whatsapp', { name: 'Loja', provider: 'sandbox', isDefault: true }, token)
  whatsappId = connection.id
  await step(b, 'settings', async () => {
    await page.click('.zd-sidebar [data-menu-id=campaigns-config]')
    await page.waitForURL('**/campaigns-config')
    await page.locator('#cs-messageInterval').waitFor()
    await page.selectOption('#cs-messageInterval', '5')
    await page.click('[data-testid=campaign-variable-add]')
    await page.fill('#cs-key-0', 'cupom')
    await page.fill('#cs-value-0', 'BLACK10')
    await page.click('[data-testid=campaign-settings-save]')
    await waitForToast(page, 'Configurações salvas')
  })
  const saved = await apiCall<Array<{ key: string; value: string }>>(server.url, 'GET', '/campaign-settings', undefined, token)
  t.equal(saved.find((e) => e.key === 'messageInterval')?.value, '5')
})

t.test('a contact list from a spreadsheet: three contacts in, the line without a number reported', async (t) => {
  const { page } = b
  await step(b, 'new-list', async () => {
    await page.click('.zd-sidebar [data-menu-id=contact-lists]')
    await page.getByText('Nenhuma lista de contatos ainda.').waitFor()
    await page.click('[data-testid=contact-lists-add]')
    await page.fill('#cl-name', 'C')
    await page.click('[data-testid=contact-list-save]')
    await page.locator('.zd-dialog').getByText('Muito curto!').waitFor()
    await page.fill('#cl-name', 'Clientes Black Friday')
    await page.click('[data-testid=contact-list-save]')
    await waitForToast(page, 'Lista de contatos salva com sucesso!')
  })
  await step(b, 'import', async () => {
    await page.locator('[data-testid=contact-lists-table] tr', { hasText: 'Clientes Black Friday' }).locator('[data-testid=contact-list-open]').click()
    await page.getByText('Nenhum contato nesta lista.').waitFor()
    await page.click('[data-testid=contact-list-import]')
    await page.locator('[data-testid=contact-list-import-file] input[type=file]').setInputFiles(sheet)
    await page.locator('[data-testid=contact-list-import-result]').waitFor()
  })
  t.equal(await page.locator('[data-testid=list-import-added]').innerText(), '3 contatos adicionados')
  t.equal(await page.locator('[data-testid=list-import-errors]').innerText(), '1 linha não importada')
  t.match(await page.locator('[data-testid=list-import-error-rows]').innerText(), /Linha 5\s+Sem Número\s+Número ausente/)
  await b.screenshot('campaigns-import-result')
  await step(b, 'checked', async () => {
    await page.click('[data-testid=contact-list-import-close]')
    await page.locator('.zd-page-count', { hasText: '3 contatos' }).waitFor()
    // the sandbox connection checks each number in the background; each row hears its answer
    await page.locator('[data-testid=contact-list-items-table] [data-valid=true]').nth(2).waitFor({ timeout: 15_000 })
  })
  await b.screenshot('campaigns-list-contacts')
})

let campaignId = 0
t.test('a campaign to the list: scheduled now, its report goes to Finalizada live, each contact gets one message', async (t) => {
  const { page } = b
  await step(b, 'create', async () => {
    await page.click('.zd-sidebar [data-menu-id=campaigns]')
    await page.getByText('Nenhuma campanha ainda.').waitFor()
    await page.click('[data-testid=campaigns-add]')
    await page.fill('#cp-name', 'Black Friday')
    await page.selectOption('#cp-whatsapp', { label: 'Loja' })
    await page.fill('#cp-scheduled', saoPauloInput(Date.now() + 2 * 3600_000))
    await page.click('[data-testid=campaign-save]')
    await page.locator('.zd-dialog').getByText('Escolha uma lista de contatos ou uma tag').waitFor()
    await page.locator('.zd-dialog').getByText('Escreva ao menos uma mensagem').waitFor()
    await page.selectOption('#cp-list', { label: 'Clientes Black Friday' })
    await page.fill('#cp-message-1', 'Olá {nome}! Use o cupom {cupom} na Black Friday.')
    await page.getByRole('tab', { name: 'Mensagem 2' }).click()
    await page.fill('#cp-message-2', '{nome}, a Black Friday começou: cupom {cupom}!')
    await b.screenshot('campaigns-dialog')
    await page.click('[data-testid=campaign-save]')
    await waitForToast(page, 'Campanha salva com sucesso!')
    await page.locator('[data-testid=campaigns-table] tr[data-campaign="Black Friday"][data-status=PROGRAMADA]').waitFor()
  })
  const [created] = (await apiCall<{ records: Array<{ id: number }> }>(server.url, 'GET', '/campaigns', undefined, token)).records
  campaignId = created.id
  await step(b, 'start-now', async () => {
    await page.locator('tr[data-campaign="Black Friday"] [data-testid=campaign-edit]').click()
    await page.fill('#cp-scheduled', saoPauloInput(Date.now() - 60_000))
    await page.click('[data-testid=campaign-save]')
    await waitForToast(page, 'Campanha salva com sucesso!')
    await page.locator('tr[data-campaign="Black Friday"] [data-testid=campaign-report]').click()
    await page.waitForURL(`**/campaign/${campaignId}/report`)
    await page.locator('[data-testid=campaign-report] [data-status=EM_ANDAMENTO]').waitFor({ timeout: 15_000 })
  })
  await b.screenshot('campaigns-report-running')
  await step(b, 'finished-live', async () => {
    await page.locator('[data-testid=campaign-report] [data-status=FINALIZADA]').waitFor({ timeout: 30_000 })
    await page.locator('[data-testid=campaign-report-delivered]', { hasText: '3 de 3 entregues' }).waitFor()
  })
  await b.screenshot('campaigns-report-finished')
  const outbox = await apiCall<Array<{ to: string; body: string }>>(server.url, 'GET', `/sandbox/${whatsappId}/outbox`, undefined, token)
  const byNumber = (n: string) => outbox.filter((m) => m.to === `${n}@s.whatsapp.net`).map((m) => m.body)
  t.same(byNumber('5511981110001'), ['Olá Ana Lima! Use o cupom BLACK10 na Black Friday.'])
  t.same(byNumber('5511981110002'), ['Bruno Dias, a Black Friday começou: cupom BLACK10!'])
  t.same(byNumber('5511981110003'), ['Olá Carla Reis! Use o cupom BLACK10 na Black Friday.'])
  t.equal(outbox.length, 3, 'one message each, nothing else')
})

t.test('at 390 px in pt, en and es every campaign page fits and speaks the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: 'Campanhas', en: 'Campaigns', es: 'Campañas' }
  for (const [lng, title] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    for (const [name, url] of [['campaigns', '/campaigns'], ['lists', '/contact-lists'], ['report', `/campaign/${campaignId}/report`], ['config', '/campaigns-config']]) {
      await step(b, `phone-${name}-${lng}`, async () => {
        await page.goto(`${server.url}${url}`)
        await page.locator('.zd-page').first().waitFor()
        if (name === 'campaigns') await page.locator('.zd-page-header', { hasText: title }).waitFor()
        await page.waitForLoadState('networkidle')
      })
      t.ok(await overflow() <= 0, `${lng}: ${name} fits 390 px`)
      await b.screenshot(`campaigns-phone-${name}-${lng}`)
    }
    await step(b, `phone-dialog-${lng}`, async () => {
      await page.goto(`${server.url}/campaigns`)
      await page.locator('[data-testid=campaign-edit]').first().click()
      await page.locator('.zd-campaign-dialog').waitFor()
    })
    t.ok(await overflow() <= 0, `${lng}: the campaign dialog fits 390 px`)
    await b.screenshot(`campaigns-phone-dialog-${lng}`)
    await page.keyboard.press('Escape')
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
