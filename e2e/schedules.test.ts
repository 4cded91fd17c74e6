import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(600_000)

let server: RunningServer
let b: BrowserSession
let token = ''
let whatsappId = 0
const contacts: Record<string, number> = {}

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const pad = (n: number) => String(n).padStart(2, '0')
/** The datetime-local value of a time in the browser's zone (the same machine's). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
const dayKey = (d: Date) => localInput(d).slice(0, 10)

t.test('a user schedules a message from the page, sees it in the calendar and the list, and it reaches the phone at its time', async (t) => {
  const { page } = b
  token = await signIn(page, server.url, server.admin.email, server.admin.password)
  whatsappId = (await apiCall<{ id: number }>(server.url, 'POST', '/whatsapp', { name: 'Clínica', provider: 'sandbox', isDefault: true }, token)).id
  for (const [name, number] of [['Ana Souza', '5511987650001'], ['Bruno Lima', '5511987650002']]) {
    contacts[name] = (await apiCall<{ id: number }>(server.url, 'POST', '/contacts', { name, number }, token)).id
  }
  await step(b, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=schedules]')
    await page.waitForURL('**/schedules')
    await page.locator('[data-testid=schedules-calendar]').waitFor()
    await page.getByText('Nenhum agendamento neste dia.').waitFor()
  })
  await step(b, 'validation', async () => {
    await page.click('[data-testid=schedules-add]')
    await page.fill('#sc-body', 'Oi')
    await page.click('[data-testid=schedule-save]')
    await page.locator('.zd-dialog').getByText('Mensagem muito curta').waitFor()
    await page.locator('.zd-dialog').getByText('Obrigatório').waitFor()
  })
  // The first whole minute (the field's precision) at least 30 s away: still in the future when the form is saved and
  // when the list is watched for it, and due within 90 s (the minute after next, as before, waited 60-120 s).
  const sendAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000)
  await step(b, 'create', async () => {
    // The search for what was typed answers late: the options already shown stay, with a spinner in the field, and a
    // click on one of them meanwhile picks it (the list emptied for each new search once, and such a click was lost).
    const isSearch = (url: URL) => url.pathname === '/api/contacts' && url.searchParams.get('searchParam') === 'Ana'
    let answerSearch = () => {}
    const answered = new Promise<void>((release) => (answerSearch = release))
    await page.route(isSearch, async (route) => {
      await answered
      // Picking a contact closes the options, which cancels this search in the page.
      await route.continue().catch(() => undefined)
    })
    const searched = page.waitForRequest((request) => isSearch(new URL(request.url())))
    await page.fill('[data-testid=schedule-contact-search]', 'Ana')
    await searched
    await page.locator('.zd-contact-picker .bp6-input-action .bp6-spinner').waitFor()
    await b.screenshot('schedules-contact-search-loading')
    await page.click(`[data-contact-option="${contacts['Ana Souza']}"]`)
    answerSearch()
    await page.unrouteAll({ behavior: 'wait' })
    t.match(await page.inputValue('[data-testid=schedule-contact]'), /Ana Souza/, 'an option clicked while the next search loads is picked')
    await page.fill('#sc-body', 'Olá Ana, sua consulta está confirmada para amanhã às 10h.')
    await page.fill('#sc-send-at', localInput(sendAt))
    await b.screenshot('schedules-dialog')
    await page.click('[data-testid=schedule-save]')
    await waitForToast(page, 'Agendamento salvo com sucesso!')
    await page.locator('.zd-page-count', { hasText: '1 agendamento' }).waitFor()
  })
  await step(b, 'calendar', async () => {
    await page.locator(`[data-day="${dayKey(sendAt)}"] .zd-cal__event`, { hasText: 'Ana Souza' }).waitFor()
    await page.click(`[data-day="${dayKey(sendAt)}"]`)
    await page.locator('[data-testid=schedules-agenda]').getByText('Olá Ana, sua consulta está confirmada').waitFor()
    await b.screenshot('schedules-calendar')
  })
  await step(b, 'week', async () => {
    await page.click('[data-testid=view-week]')
    await page.locator(`[data-week-day="${dayKey(sendAt)}"]`).getByText('Ana Souza').waitFor()
    await b.screenshot('schedules-week')
  })
  await step(b, 'list', async () => {
    await page.click('[data-testid=view-list]')
    await page.locator('[data-testid=schedules-table] tbody tr', { hasText: 'Ana Souza' }).getByText('Agendado').waitFor()
    await b.screenshot('schedules-list')
  })
  await step(b, 'contact-param', async () => {
    await page.goto(`${server.url}/schedules?contactId=${contacts['Bruno Lima']}`)
    await page.locator('[data-testid=schedule-contact]').waitFor()
    t.match(await page.inputValue('[data-testid=schedule-contact]'), /Bruno Lima/, 'the dialog opens for the contact')
    await page.fill('#sc-body', 'Bruno, seu pedido chega amanhã.')
    await page.fill('#sc-send-at', localInput(new Date(Date.now() + 3 * 86_400_000)))
    await page.click('[data-testid=schedule-save]')
    await waitForToast(page, 'Agendamento salvo com sucesso!')
    await page.locator('.zd-page-count', { hasText: '2 agendamentos' }).waitFor()
  })
  await step(b, 'delete', async () => {
    await page.click('[data-testid=view-list]')
    await page.locator('[data-testid=schedules-table] tbody tr', { hasText: 'Bruno Lima' }).locator('[data-testid=schedule-delete]').click()
    await page.getByText('Excluir o agendamento para Bruno Lima?').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click()
    await waitForToast(page, 'Agendamento excluído com sucesso!')
    await page.locator('.zd-page-count', { hasText: '1 agendamento' }).waitFor()
  })
  await step(b, 'contacts-button', async () => {
    await page.click('.zd-sidebar [data-menu-id=contacts]')
    await page.locator('tr', { hasText: 'Bruno Lima' }).getByRole('button', { name: 'Agendar mensagem' }).click()
    await page.waitForURL('**/schedules')
    await page.locator('[data-testid=schedule-contact]').waitFor()
    t.match(await page.inputValue('[data-testid=schedule-contact]'), /Bruno Lima/, 'the contacts page\'s button opens it for the contact')
    await escapeDialog(page)
  })
  await step(b, 'sent', async () => {
    await page.click('[data-testid=view-list]')
    // Live: the row turns 'Enviado' when the sender records it, without a reload.
    await page.locator('[data-testid=schedules-table] tbody tr', { hasText: 'Ana Souza' }).getByText('Enviado').waitFor({ timeout: 180_000 })
    let outbox: Array<{ to: string; body: string }> = []
    for (const until = Date.now() + 20_000; Date.now() < until && !outbox.length; await page.waitForTimeout(250)) {
      outbox = await apiCall(server.url, 'GET', `/sandbox/${whatsappId}/outbox`, undefined, token)
    }
    t.match(outbox, [{ to: '5511987650001@s.whatsapp.net', body: /Olá Ana, sua consulta está confirmada/ }], 'the phone got it, once')
    await b.screenshot('schedules-sent')
  })
  const [sent] = (await apiCall<{ schedules: Array<{ sentAt: string; sendAt: string }> }>(server.url, 'GET', `/schedules?contactId=${contacts['Ana Souza']}`, undefined, token)).schedules
  t.ok(new Date(sent.sentAt).getTime() >= sendAt.getTime(), 'not before its time')
})

t.test('in pt, en and es, at 390 px and on a desktop, the page and its dialog fit and speak the language', async (t) => {
  const { page } = b
  const texts = {
    pt: { count: '1 agendamento', add: 'Novo agendamento', list: 'Lista' },
    en: { count: '1 schedule', add: 'New schedule', list: 'List' },
    es: { count: '1 programación', add: 'Nueva programación', list: 'Lista' },
  }
  for (const [width, height, size] of [[390, 780, 'phone'], [1366, 860, 'desktop']] as const) {
    await page.setViewportSize({ width, height })
    for (const [lng, text] of Object.entries(texts)) {
      await page.evaluate((l) => localStorage.setItem('language', l), lng)
      await step(b, `${size}-${lng}`, async () => {
        await page.goto(`${server.url}/schedules`)
        await page.locator('.zd-page-count', { hasText: text.count }).waitFor()
        t.ok(await overflow() <= 0, `${lng}: the calendar fits ${width} px`)
        await b.screenshot(`schedules-${size}-${lng}`)
        await page.click('[data-testid=view-week]')
        await page.locator('[data-testid=schedules-week]').waitFor()
        t.ok(await overflow() <= 0, `${lng}: the week fits ${width} px`)
        await b.screenshot(`schedules-week-${size}-${lng}`)
        await page.getByRole('button', { name: text.list }).click()
        await page.locator('[data-testid=schedules-table]').waitFor()
        t.ok(await overflow() <= 0, `${lng}: the list fits ${width} px`)
        await b.screenshot(`schedules-list-${size}-${lng}`)
        await page.getByRole('button', { name: text.add }).click()
        await page.locator('#sc-body').waitFor()
        // The dialog's opening transition is over before the picture is taken.
        await page.waitForTimeout(400)
        t.ok(await overflow() <= 0, `${lng}: the dialog fits ${width} px`)
        await b.screenshot(`schedules-dialog-${size}-${lng}`)
        await escapeDialog(page)
      })
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
