import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn } from './lib/session.ts'
import { escapeDialog, openBrowser, selectTab, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { readMp3 } from '../plugins/tickets/web/conversation/mp3-frames.ts'
import { until } from './lib/until.ts'

/**
 * The tickets screen end to end on the sandbox driver (no internet): a customer writes, the ticket shows up live as
 * pending, the admin accepts, replies with text and an image, the customer answers live, the ticket is transferred
 * to an agent and closed, and the customer's '3' to the rating request is stored (read back from the dashboard).
 */
t.setTimeout(600_000)

const company = { name: 'Padaria Trigo', email: `trigo-${Date.now()}@example.com`, phone: '', password: 'trigo-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const customer = { from: '5511955550001', name: 'Carla Cliente' }
// A 1x1 PNG: the smallest real image the driver sends as an image message.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

let server: RunningServer
let b: BrowserSession
let token = ''
const ids = { queue: 0, finance: 0, whatsapp: 0, agent: 0, agentEmail: `bruno-${Date.now()}@example.com`, admin: 0, ticket: 0, uuid: '', financeUuid: '', agentTicket: 0, agentUuid: '' }

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)

const inject = (body: string) => api('POST', `/sandbox/${ids.whatsapp}/messages`, { ...customer, body })
type Outbox = Array<{ body: string | null; mediaType: string | null; fileName: string | null; to: string }>
const outbox = () => api<Outbox>('GET', `/sandbox/${ids.whatsapp}/outbox?limit=50`)
// The browser logs every 4xx answer; the 403 of a forbidden ticket and the 409 of a second open ticket are the point.
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: .*status of (403|409)\b/.test(e))
const row = () => b.page.locator('[data-testid=ticket-row]', { hasText: customer.name })
const messages = () => b.page.locator('[data-testid=messages-list]')

t.test('the admin signs in; tickets is the second entry of the menu', async (t) => {
  await api('POST', '/companies/cadastro', company)
  const { page } = b
  await step(b, 'login', async () => {
    token = await signIn(page, server.url, company.email, company.password)
    await page.waitForURL((u) => u.pathname === '/')
    await page.locator('.zd-sidebar [data-menu-id=tickets]').waitFor()
  })
  const menu = await page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
  t.equal(menu.indexOf('tickets'), menu.indexOf('dashboard') + 1, `tickets right after the dashboard (${menu.join(', ')})`)
})

t.test('setup through the API: a queue, an agent, ratings on, a sandbox connection', async (t) => {
  ids.admin = (await api<{ id: number }>('GET', '/auth/me')).id
  ids.queue = (await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#2f6fdb', orderQueue: 1 })).id
  ids.agent = (await api<{ id: number }>('POST', '/users', { name: 'Bruno Agente', email: ids.agentEmail, password: 'bruno-pass-1', queueIds: [ids.queue] })).id
  await api('PUT', '/settings/userRating', { value: 'enabled' })
  const created = await api<{ id: number }>('POST', '/whatsapp', {
    name: 'Loja Sandbox', provider: 'sandbox', isDefault: true, queueIds: [ids.queue],
    ratingMessage: 'Como foi o nosso atendimento?', complationMessage: 'Obrigado pelo contato!',
  })
  ids.whatsapp = created.id
  await until('the sandbox session', async () => (await api<{ status: string }>('GET', `/whatsapp/${ids.whatsapp}`)).status === 'CONNECTED')
  t.pass(`queue ${ids.queue}, agent ${ids.agent}, connection ${ids.whatsapp}`)
})

t.test('a customer message shows up live as a pending ticket: a click previews it, Accept takes it', async (t) => {
  const { page } = b
  await step(b, 'open-tickets', async () => {
    await page.click('.zd-sidebar [data-menu-id=tickets]')
    await page.waitForURL('**/tickets')
    await page.locator('[data-testid=tickets-welcome]').waitFor()
    await selectTab(page, '[data-testid=tickets-tab-pending]')
    await page.locator('[data-testid=tickets-list-pending]').getByText('Nada aqui!').waitFor()
  })
  await inject('Olá, meu pedido não chegou')
  await step(b, 'pending-live', async () => {
    await row().waitFor()
    await page.locator('[data-testid=count-pending]', { hasText: '1' }).waitFor()
  })
  t.match(await row().innerText(), /Olá, meu pedido não chegou/, 'last message')
  t.match(await row().innerText(), /Suporte/, 'queue name')
  t.match(await row().innerText(), /Loja Sandbox/, 'connection name')
  t.match(await row().locator('[data-testid=ticket-unread]').innerText(), '1', 'unread count')
  t.match(await row().innerText(), /\b\d\d:\d\d\b/, 'today: HH:mm')
  await b.screenshot('tickets-pending')
  await step(b, 'pending-preview', async () => {
    await row().click()
    await page.locator('[data-testid=peek-dialog]').getByText('Olá, meu pedido não chegou').waitFor()
    await page.locator('[data-testid=peek-accept]').waitFor()
  })
  t.equal(new URL(page.url()).pathname, '/tickets', 'a click on a waiting ticket previews it without taking it')
  await b.screenshot('tickets-pending-preview')
  await page.click('[data-testid=peek-close]')
  await page.locator('[data-testid=peek-dialog]').waitFor({ state: 'detached' })
  t.match(await row().locator('[data-testid=ticket-unread]').innerText(), '1', 'the preview read nothing: still unread for the queue')
  const [ticket] = (await api<{ tickets: Array<{ id: number; uuid: string }> }>('GET', '/tickets?status=pending&showAll=true')).tickets
  ids.ticket = ticket.id
  ids.uuid = ticket.uuid
})

t.test('the admin accepts: the ticket opens and moves to Atendendo', async (t) => {
  const { page } = b
  await step(b, 'accept', async () => {
    await row().locator('[data-testid=ticket-accept]').click()
    await page.waitForURL(`**/tickets/${ids.uuid}`)
    await page.locator('[data-testid=ticket-header]', { hasText: customer.name }).waitFor()
    await page.locator('[data-testid=count-open]', { hasText: '1' }).waitFor()
    await page.locator('[data-testid=count-pending]', { hasText: '0' }).waitFor()
    await messages().getByText('Olá, meu pedido não chegou').waitFor()
  })
  t.match(await api('GET', `/tickets/${ids.ticket}`), { status: 'open', userId: ids.admin })
})

t.test('the admin replies with text and an image; the customer answers live', async (t) => {
  const { page } = b
  const view = page.locator('[data-testid=ticket-view]')
  await step(b, 'reply-text', async () => {
    await view.locator('[data-testid=message-textarea]').fill('Vou verificar agora mesmo.')
    await view.locator('[data-testid=message-textarea]').press('Enter')
    await messages().getByText('Vou verificar agora mesmo.').waitFor()
  })
  const sent = await until('the text in the outbox', async () => (await outbox()).find((m) => m.body?.includes('Vou verificar agora mesmo.')))
  t.ok(sent, 'the text left through the sandbox (signed with the agent\'s name by default)')
  await step(b, 'reply-image', async () => {
    await view.locator('[data-testid=attach-input]').setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG })
    await view.locator('[data-testid=attachments]').getByText('comprovante.png').waitFor()
    await view.locator('[data-testid=send-message]').click()
    await view.locator('[data-testid=attachments]').waitFor({ state: 'detached' })
    await until('the image in the outbox', async () => (await outbox()).some((m) => m.mediaType === 'image' && m.fileName === 'comprovante.png'))
  })
  await step(b, 'reply-voice-note', async () => {
    await view.locator('[data-testid=audio-start]').click()
    await view.locator('[data-testid=audio-recorder]').waitFor()
    await page.waitForTimeout(2500)
    await view.locator('[data-testid=audio-send]').click()
    await view.locator('[data-testid=audio-recorder]').waitFor({ state: 'detached' })
    await messages().locator('audio').first().waitFor()
    await until('the voice note in the outbox', async () => (await outbox()).some((m) => m.mediaType === 'audio'))
  })
  const stored = await api<{ messages: Array<{ mediaType: string | null; mediaUrl: string | null }> }>('GET', `/messages/${ids.ticket}`)
  const voice = stored.messages.find((m) => m.mediaType === 'audio')!
  const file = new Uint8Array(await (await fetch(new URL(voice.mediaUrl!, server.url), { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer())
  const mp3 = readMp3(file)
  t.ok(mp3, `the stored voice note is an MP3 (${voice.mediaUrl})`)
  t.same(mp3?.bitratesKbps, [128], 'at 128 kbit/s in every frame')
  t.equal(mp3?.sampleRate, 44_100)
  t.ok(mp3 && mp3.durationSeconds > 1.5 && mp3.durationSeconds < 6, `as long as the recording (${mp3?.durationSeconds.toFixed(2)} s)`)
  t.ok(file.length >= 10_000, `${file.length} bytes: at least the spec's 10,000`)
  await step(b, 'quick-message-with-file', async () => {
    const quick = await api<{ id: number }>('POST', '/quick-messages', { shortcode: 'cardapio', message: 'Segue o nosso cardápio, {{firstName}}!', geral: true, status: true })
    const form = new FormData()
    form.append('typeArch', 'quickMessage')
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'cardapio.png')
    await api('POST', `/quick-messages/${quick.id}/media-upload`, form)
    await view.locator('[data-testid=message-textarea]').fill('/cardap')
    await view.locator('[data-testid=quick-suggest-item]', { hasText: '/cardapio' }).waitFor()
    await view.locator('[data-testid=message-textarea]').press('Enter')
    await view.locator('[data-testid=attachments]').getByText('cardapio.png').waitFor()
    t.equal(await view.locator('[data-testid=message-textarea]').inputValue(), 'Segue o nosso cardápio, {{firstName}}!', 'the text is in the box')
    await view.locator('[data-testid=send-message]').click()
    await view.locator('[data-testid=attachments]').waitFor({ state: 'detached' })
  })
  const withFile = await until('the quick message\'s file in the outbox', async () => (await outbox()).find((m) => m.fileName === 'cardapio.png'))
  t.equal(withFile.mediaType, 'image', 'picking a quick message sends its attachment')
  t.ok((await outbox()).some((m) => m.body?.includes('Segue o nosso cardápio, Carla!')), 'with its text, variables filled')
  const vip = await api<{ id: number }>('POST', '/tags', { name: 'Cliente VIP', color: '#7B1FA2', kanban: 0 })
  await step(b, 'tag-the-ticket', async () => {
    await view.locator('[data-testid=ticket-tags]').getByText('Sem tags').waitFor()
    await view.locator('[data-testid=ticket-tags-picker]').click()
    // The label, not the hidden input: a click on it waits until the opening popover stands still.
    await page.locator('[data-testid=ticket-tags-picker-menu] label.bp6-checkbox', { hasText: 'Cliente VIP' }).click()
    await page.locator(`[data-testid=ticket-tags-picker-menu] [data-option-id="${vip.id}"]:checked`).waitFor({ state: 'attached' })
    await page.keyboard.press('Escape')
    await view.locator(`[data-testid=ticket-tags] [data-tag-id="${vip.id}"]`).waitFor()
    // the list hears it from the server, as every other screen does
    await row().getByText('Cliente VIP').waitFor()
  })
  t.match(await api('GET', `/tickets/${ids.ticket}`), { tags: [{ id: vip.id, name: 'Cliente VIP' }] }, 'a plain label (not a kanban lane) set from the conversation')
  await inject('Obrigada, fico no aguardo')
  await step(b, 'customer-live', async () => {
    await messages().getByText('Obrigada, fico no aguardo').waitFor()
    await row().getByText('Obrigada, fico no aguardo').waitFor()
  })
  await b.screenshot('tickets-conversation')
})

t.test('the admin transfers the ticket to the agent, then closes it from the list', async (t) => {
  const { page } = b
  await step(b, 'transfer', async () => {
    await page.click('[data-testid=header-transfer]')
    const dialog = page.locator('[data-testid=transfer-dialog]')
    await dialog.waitFor()
    await page.click('[data-testid=transfer-save]')
    await dialog.locator('.bp6-form-helper-text', { hasText: 'Selecione uma fila' }).waitFor()
    await page.selectOption('[data-testid=transfer-queue]', String(ids.queue))
    await page.fill('[data-testid=transfer-user]', 'Br')
    await dialog.locator('.zd-contact-picker__hint', { hasText: 'Digite ao menos 3 caracteres' }).waitFor()
    await page.fill('[data-testid=transfer-user]', 'Bru')
    await page.locator('[data-testid=transfer-user-results]').getByText('Bruno Agente').click()
    await page.click('[data-testid=transfer-save]')
    await waitForToast(page, 'Atendimento transferido.')
    await page.waitForURL((u) => u.pathname === '/tickets')
  })
  t.match(await api('GET', `/tickets/${ids.ticket}`), { status: 'open', userId: ids.agent, queueId: ids.queue })
  await step(b, 'close', async () => {
    // show-all is on for admins: the agent's ticket stays in the list, now with the agent's name
    await row().getByText('Bruno Agente').waitFor()
    await row().locator('[data-testid=ticket-finish]').click()
    await row().waitFor({ state: 'detached' })
    await page.click('[data-testid=tickets-tab-closed]')
    await row().waitFor()
    await row().locator('[data-testid=ticket-reopen]').waitFor()
  })
  t.match(await api('GET', `/tickets/${ids.ticket}`), { status: 'closed', userId: ids.agent })
  await until('the rating request', async () => (await outbox()).find((m) => m.body?.includes('Como foi o nosso atendimento?')))
})

t.test('the customer rates 3: the rating is stored for the agent', async (t) => {
  await inject('3')
  const dashboard = await until('the rating on the dashboard', async () => {
    const d = await api<{ attendants: Array<{ id: number; rating: number | null }> }>('GET', '/dashboard?days=1')
    return d.attendants.find((a) => a.id === ids.agent && a.rating !== null) ? d : undefined
  })
  t.equal(dashboard.attendants.find((a) => a.id === ids.agent)?.rating, 3)
  await until('the completion message', async () => (await outbox()).find((m) => m.body?.includes('Obrigado pelo contato!')))
  t.match(await api('GET', `/tickets/${ids.ticket}`), { status: 'closed' }, 'the answer did not open a new ticket')
})

t.test('the admin peeks into the closed conversation', async (t) => {
  const { page } = b
  await step(b, 'peek', async () => {
    await row().locator('[data-testid=ticket-peek]').click()
    const dialog = page.locator('[data-testid=peek-dialog]')
    await dialog.getByText('Obrigada, fico no aguardo').waitFor()
    await b.screenshot('tickets-peek')
    await page.click('[data-testid=peek-close]')
    await dialog.waitFor({ state: 'detached' })
  })
  t.pass('read-only dialog')
})

t.test('a new ticket from the dialog; asking again for the same contact opens the existing one', async (t) => {
  const { page } = b
  ids.finance = (await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#d9822b', orderQueue: 2 })).id
  await api('POST', '/contacts', { name: 'Diego Financeiro', number: '5511955550002' })
  const create = async () => {
    await page.click('[data-testid=tickets-tab-open]')
    await page.click('[data-testid=ticket-new]')
    const dialog = page.locator('[data-testid=new-ticket-dialog]')
    await dialog.waitFor()
    await page.fill('[data-testid=new-ticket-contact]', 'Di')
    await dialog.getByText('Digite ao menos 3 caracteres').waitFor()
    await page.fill('[data-testid=new-ticket-contact]', 'Dieg')
    await page.locator('[data-testid=new-ticket-contact-results]').getByText('Diego Financeiro').click()
    await page.selectOption('[data-testid=new-ticket-queue]', String(ids.finance))
    await page.click('[data-testid=new-ticket-save]')
    await dialog.waitFor({ state: 'detached' })
    await page.locator('[data-testid=ticket-header]', { hasText: 'Diego Financeiro' }).waitFor()
  }
  await step(b, 'new-ticket', create)
  ids.financeUuid = new URL(page.url()).pathname.split('/').pop() ?? ''
  t.match(await api('GET', `/tickets/u/${ids.financeUuid}`), { status: 'open', userId: ids.admin, queueId: ids.finance })
  await step(b, 'new-ticket-again', async () => {
    await page.goto(`${server.url}/tickets`)
    await page.locator('[data-testid=tickets-welcome]').waitFor()
    await create()
  })
  t.equal(new URL(page.url()).pathname, `/tickets/${ids.financeUuid}`, 'ERR_OTHER_OPEN_TICKET held by me: the existing ticket opens')
})

t.test('the agent: a ticket outside their queues is refused; their customers ring', async (t) => {
  const agent = await openBrowser()
  t.teardown(() => agent.close())
  const { page } = agent
  await step(agent, 'agent-login', async () => {
    await page.goto(`${server.url}/login`)
    await page.fill('#login-email', ids.agentEmail)
    await page.fill('#login-password', 'bruno-pass-1')
    await page.click('[data-testid=login-submit]')
    await page.waitForURL((u) => u.pathname !== '/login')
  })
  await step(agent, 'agent-forbidden', async () => {
    await page.goto(`${server.url}/tickets/${ids.financeUuid}`)
    await waitForToast(page, 'Acesso não permitido')
    await page.waitForURL((u) => u.pathname === '/tickets')
  })
  t.notOk(await page.locator('[data-testid=tickets-show-all]').count(), 'no show-all switch without tickets-manager:showall')
  const [carla] = (await api<{ contacts: Array<{ id: number }> }>('GET', '/contacts?searchParam=Carla')).contacts
  const ticket = await api<{ id: number; uuid: string }>('POST', '/tickets', { contactId: carla.id, queueId: ids.queue, userId: ids.agent, status: 'open' })
  ids.agentTicket = ticket.id
  ids.agentUuid = ticket.uuid
  await step(agent, 'agent-list', () => page.locator('[data-testid=ticket-row]', { hasText: customer.name }).waitFor())
  await inject('Bruno, você está aí?')
  await step(agent, 'agent-notified', async () => {
    await page.locator('.zd-badge', { hasText: '1' }).waitFor()
    await page.click('[data-testid=notifications]')
    await page.locator('.zd-notification', { hasText: 'Bruno, você está aí?' }).click()
    await page.waitForURL(`**/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=messages-list]').getByText('Bruno, você está aí?').waitFor()
  })
  await inject('Ainda estou aqui')
  await step(agent, 'agent-on-screen', () => page.locator('[data-testid=messages-list]').getByText('Ainda estou aqui').waitFor())
  await page.waitForTimeout(500)
  t.equal(await page.locator('.zd-badge').count(), 0, 'no notification for the conversation on screen')
  await api('POST', `/sandbox/${ids.whatsapp}/messages`, { from: '5511955550099', name: 'Diego Novo', body: 'Quero fazer uma encomenda' })
  await step(agent, 'agent-notified-of-waiting', async () => {
    await page.locator('.zd-badge', { hasText: '1' }).waitFor()
    await page.click('[data-testid=notifications]')
    await page.locator('.zd-notification', { hasText: 'Quero fazer uma encomenda' }).waitFor()
    await page.keyboard.press('Escape')
  })
  t.pass('a customer waiting in the agent\'s queue rings for the agent (allTicket is off)')
  t.same(unexpected(agent.errors), [], 'no other console errors for the agent')
})

t.test('narrow screens: Ticket and Atendimentos tabs', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 600, height: 800 })
  await step(b, 'narrow', async () => {
    await page.goto(`${server.url}/tickets`)
    await page.click('[data-testid=narrow-tab-ticket]')
    await page.click('[data-testid=narrow-select]')
    await page.locator('[data-testid=ticket-row]', { hasText: 'Diego Financeiro' }).click()
    await page.waitForURL(`**/tickets/${ids.financeUuid}`)
    await page.locator('[data-testid=ticket-header]', { hasText: 'Diego Financeiro' }).waitFor()
    await b.screenshot('tickets-narrow')
    await page.click('[data-testid=narrow-tab-list]')
    await page.locator('[data-testid=ticket-row]', { hasText: 'Diego Financeiro' }).waitFor()
  })
  await page.setViewportSize({ width: 1366, height: 800 })
  t.pass('list and conversation as tabs')
})

t.test('a phone (390 px): the contact\'s name keeps its room, the actions are in the menu, the hint and the recorder fit; pt, en, es', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 800 })
  const texts = { pt: ['Devolver', 'Mensagem ou / respostas', 'Gravando'], en: ['Return', 'Message or / replies', 'Recording'], es: ['Devolver', 'Mensaje o / respuestas', 'Grabando'] }
  for (const [lng, [giveBack, hint, recording]] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/tickets/${ids.financeUuid}`)
      await page.locator('[data-testid=ticket-header]', { hasText: 'Diego Financeiro' }).waitFor()
    })
    const name = page.locator('[data-testid=ticket-header] .zd-ticket-header__who strong')
    t.ok(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${lng}: the name is not cut`)
    t.equal(await page.locator('[data-testid=header-return]').count(), 0, `${lng}: no return button in the row`)
    t.equal(await page.getAttribute('[data-testid=message-textarea]', 'placeholder'), hint, `${lng}: a short hint`)
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng}: fits 390 px`)
    await b.screenshot(`tickets-phone-${lng}`)
    await page.click('[data-testid=ticket-options]')
    await page.locator('[data-testid=ticket-options-return]', { hasText: giveBack }).waitFor()
    // Once the menu has focus (a key pressed before went to the page, the menu stayed open over the recorder button).
    await escapeDialog(page, '[data-testid=ticket-options-return]')
    await step(b, `phone-recording-${lng}`, async () => {
      await page.click('[data-testid=audio-start]')
      await page.locator('[data-testid=audio-recorder]', { hasText: recording }).waitFor()
    })
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng}: the recorder fits 390 px`)
    await b.screenshot(`tickets-phone-recording-${lng}`)
    await page.click('[data-testid=audio-cancel]')
    await page.locator('[data-testid=audio-recorder]').waitFor({ state: 'detached' })
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
})

t.test('search finds tickets by contact across statuses', async (t) => {
  const { page } = b
  await step(b, 'search', async () => {
    await page.click('[data-testid=tickets-tab-search]')
    await page.fill('[data-testid=tickets-search]', 'Diego')
    const list = page.locator('[data-testid=tickets-list-search]')
    await list.locator('[data-testid=ticket-row]', { hasText: 'Diego Financeiro' }).waitFor()
    await list.locator('[data-testid=ticket-row]', { hasText: customer.name }).first().waitFor({ state: 'detached' })
    await page.fill('[data-testid=tickets-search]', 'Carla')
    await list.locator('[data-testid=ticket-row]', { hasText: customer.name }).first().waitFor()
    await list.locator('[data-testid=ticket-row]', { hasText: 'Diego Financeiro' }).waitFor({ state: 'detached' })
  })
  t.pass('debounced search by name')
})

t.test('deleting: from the options menu with a confirmation, and live while a ticket is on screen', async (t) => {
  const { page } = b
  await step(b, 'delete-menu', async () => {
    await page.goto(`${server.url}/tickets/${ids.financeUuid}`)
    await page.click('[data-testid=ticket-options]')
    await page.click('[data-testid=ticket-options-delete]')
    await page.locator('.zd-confirm').getByText('Deseja realmente excluir este registro?').waitFor()
    await page.locator('.zd-confirm').getByRole('button', { name: 'Excluir' }).click()
    await page.waitForURL((u) => u.pathname === '/tickets')
    await page.locator('[data-testid=ticket-row]', { hasText: 'Diego Financeiro' }).waitFor({ state: 'detached' })
  })
  await step(b, 'delete-live', async () => {
    await page.goto(`${server.url}/tickets/${ids.agentUuid}`)
    await page.locator('[data-testid=ticket-header]', { hasText: customer.name }).waitFor()
    await api('DELETE', `/tickets/${ids.agentTicket}`)
    await page.waitForURL((u) => u.pathname === '/tickets')
  })
  t.pass('both leave for /tickets')
})

t.test('no console errors along the way', async (t) => {
  t.same(unexpected(b.errors), [])
})
