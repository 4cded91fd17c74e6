import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(300_000)

let server: RunningServer
let b: BrowserSession
let token = ''
const PDF = { name: 'tabela.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tabela de preços') }
const PNG = { name: 'vitrine.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const row = (name: string) => b.page.locator('[data-testid=files-table] tbody tr', { hasText: name })

t.test('an admin builds a file list: the spec\'s validation, two files uploaded, one removed, then the list deleted', async (t) => {
  const { page } = b
  token = await signIn(page, server.url, server.admin.email, server.admin.password)
  await step(b, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=files]')
    await page.waitForURL('**/files')
    await page.getByText('Nenhuma lista de arquivos ainda.').waitFor()
  })
  await step(b, 'validation', async () => {
    await page.click('[data-testid=files-add]')
    await page.fill('#fl-name', 'ab')
    await page.click('[data-testid=file-list-save]')
    await page.locator('.zd-dialog').getByText('nome muito curto').waitFor()
    await page.locator('.zd-dialog').getByText('Obrigatório').waitFor()
  })
  await step(b, 'two-files', async () => {
    await page.fill('#fl-name', 'Catálogo de verão')
    await page.fill('#fl-message', 'Confira as novidades da estação!')
    for (const file of [PDF, PNG]) {
      await page.click('[data-testid=file-options-add]')
      await page.locator('[data-testid=file-options] input[type=file]').last().setInputFiles(file)
    }
    t.same(await page.locator('[data-testid=file-options] input[placeholder="Nome do arquivo"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), ['tabela', 'vitrine'], 'a file names its row')
    await b.screenshot('files-dialog')
    await page.click('[data-testid=file-list-save]')
    await waitForToast(page, 'Lista de arquivos salva com sucesso!')
    await row('Catálogo de verão').getByText('2 arquivos').waitFor()
    await page.locator('.zd-page-count', { hasText: '1 lista' }).waitFor()
  })
  const [list] = (await apiCall<{ files: Array<{ id: number; options: Array<{ name: string; fileName: string; mediaType: string; path: string }> }> }>(server.url, 'GET', '/files', undefined, token)).files
  t.match(list.options, [{ name: 'tabela', fileName: 'tabela.pdf', mediaType: 'application/pdf' }, { name: 'vitrine', fileName: 'vitrine.png', mediaType: 'image/png' }], 'both files stored with their types')
  await b.screenshot('files-list')
  await step(b, 'remove-one', async () => {
    await row('Catálogo de verão').locator('[data-testid=file-list-edit]').click()
    await page.locator('[data-testid=file-options] [data-option-row="0"]').getByText('tabela.pdf').waitFor()
    await page.locator('[data-testid=file-options] [data-option-row="1"] button[aria-label="Remover arquivo"]').click()
    await page.click('[data-testid=file-list-save]')
    await row('Catálogo de verão').getByText('1 arquivo').waitFor()
  })
  const media = await fetch(`${server.url}/api/media/${list.options[1].path}`, { headers: { Authorization: `Bearer ${token}` } })
  t.equal(media.status, 404, 'the removed file is gone from the server')
  await step(b, 'delete', async () => {
    await row('Catálogo de verão').locator('[data-testid=file-list-delete]').click()
    await page.getByText('Excluir a lista Catálogo de verão?').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click()
    await waitForToast(page, 'Lista de arquivos excluída com sucesso!')
    await page.getByText('Nenhuma lista de arquivos ainda.').waitFor()
  })
})

t.test('at 390 px in pt, en and es the page and its dialog fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  await apiCall(server.url, 'POST', '/files', { name: 'Promoções', message: 'Ofertas da semana', options: [{ name: 'Folheto' }] }, token)
  const texts = { pt: { count: '1 lista', add: 'Adicionar arquivo' }, en: { count: '1 list', add: 'Add file' }, es: { count: '1 lista', add: 'Agregar archivo' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/files`)
      await page.locator('.zd-page-count', { hasText: text.count }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the list fits 390 px`)
      await b.screenshot(`files-phone-${lng}`)
      await row('Promoções').locator('[data-testid=file-list-edit]').click()
      await page.getByRole('button', { name: text.add }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await b.screenshot(`files-dialog-phone-${lng}`)
      await escapeDialog(page)
    })
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
