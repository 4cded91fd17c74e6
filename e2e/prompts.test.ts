import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn, sandboxConnection } from './lib/session.ts'
import { escapeDialog, openBrowser, selectTab, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { fakeProvider, type FakeProvider } from '../plugins/prompts/server/test-support/fake-provider.ts'
import { until } from './lib/until.ts'

/**
 * AI prompts end to end, with a local OpenAI-compatible fake (no internet): the admin creates a prompt on the
 * /prompts page and gives it to the queue, a sandbox customer writes and the bot's answer shows in the ticket, the
 * customer asks for a person, the admin takes the ticket and the bot stays quiet. Then the page in pt, en, es at 390 px.
 */
t.setTimeout(600_000)

const company = { name: 'Loja Azul', email: `azul-${Date.now()}@example.com`, phone: '', password: 'azul-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const customer = { from: '5511955550042', name: 'Marina Cliente' }
const SYSTEM = 'Você é o assistente da Loja Azul. Responda com frases curtas e educadas sobre horários e produtos.'

let server: RunningServer
let b: BrowserSession
let fake: FakeProvider
let token = ''
const ids = { queue: 0, whatsapp: 0, prompt: 0, ticket: 0 }

t.before(async () => {
  fake = await fakeProvider()
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  await fake?.close()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)
const inject = (body: string) => api('POST', `/sandbox/${ids.whatsapp}/messages`, { ...customer, body })
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const promptRow = (name: string) => b.page.locator('[data-testid=prompts-table] tbody tr', { hasText: name })
const ticketRow = () => b.page.locator('[data-testid=ticket-row]', { hasText: customer.name })
const chats = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions'))

t.test('setup: a company on the PRO plan, its queue and a sandbox connection offering it', async (t) => {
  await api('POST', '/companies/cadastro', company)
  token = await signIn(b.page, server.url, company.email, company.password)
  ids.queue = (await api<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#2f6fdb' })).id
  ids.whatsapp = await sandboxConnection(server.url, token, { queueIds: [ids.queue] })
  t.pass(`queue ${ids.queue}, connection ${ids.whatsapp}`)
})

t.test('the admin creates a prompt on /prompts: \'Informe o setor\' first, then saved with the spec\'s defaults', async (t) => {
  const { page } = b
  await step(b, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=prompts]')
    await page.waitForURL('**/prompts')
    await page.getByText('Nenhum prompt ainda.').waitFor()
  })
  await step(b, 'validation', async () => {
    await page.click('[data-testid=prompts-add]')
    t.equal(await page.inputValue('#prompt-max-tokens'), '100', 'maxTokens 100')
    t.equal(await page.inputValue('#prompt-temperature'), '1', 'temperature 1')
    t.equal(await page.inputValue('#prompt-max-messages'), '10', 'maxMessages 10')
    t.equal(await page.inputValue('#prompt-voice'), 'texto', 'voice texto')
    await page.fill('#prompt-name', 'Assistente Azul')
    await page.fill('#prompt-text', SYSTEM)
    await page.click('[data-testid=prompt-save]')
    await page.locator('.zd-dialog').getByText('Informe o setor').waitFor()
  })
  await step(b, 'save', async () => {
    await page.selectOption('#prompt-queue', { label: 'Atendimento' })
    await page.fill('#prompt-api-key', 'sk-e2e-secret')
    await page.fill('#prompt-base-url', fake.baseUrl)
    await b.screenshot('prompts-dialog')
    await page.click('[data-testid=prompt-save]')
    await waitForToast(page, 'Prompt salvo com sucesso!')
    await promptRow('Assistente Azul').getByText('Atendimento').waitFor()
    await page.locator('.zd-page-count', { hasText: '1 prompt' }).waitFor()
  })
  t.match(await promptRow('Assistente Azul').innerText(), /100/, 'max tokens in the row')
  await b.screenshot('prompts-list')
  const [saved] = (await api<{ prompts: Array<{ id: number; hasApiKey: boolean }> }>('GET', '/prompt')).prompts
  t.match(saved, { hasApiKey: true })
  t.notOk(JSON.stringify(saved).includes('sk-e2e-secret'), 'the key never comes back')
  ids.prompt = saved.id
})

t.test('the queue dialog offers the prompt; the admin picks it', async (t) => {
  const { page } = b
  await step(b, 'queue-prompt', async () => {
    await page.click('.zd-sidebar [data-menu-id=queues]')
    await page.waitForURL('**/queues')
    await page.locator(`[data-testid=queues-table] tr[data-queue-id="${ids.queue}"]`).getByRole('button', { name: 'Editar' }).click()
    await page.locator('#queue-prompt').waitFor()
    await page.selectOption('#queue-prompt', { label: 'Assistente Azul' })
    await b.screenshot('queue-dialog-prompt')
    await page.click('[data-testid=queue-save]')
    await page.locator('.zd-dialog').waitFor({ state: 'detached' })
  })
  await until('the queue\'s prompt', async () => (await api<{ promptId: number | null }>('GET', `/queue/${ids.queue}`)).promptId === ids.prompt)
  t.pass('saved')
})

t.test('the connection dialog offers the prompt too (its routing tab)', async (t) => {
  const { page } = b
  await step(b, 'connection-prompt', async () => {
    await page.click('.zd-sidebar [data-menu-id=connections]')
    await page.waitForURL('**/connections')
    await page.locator('tr', { hasText: 'Loja Sandbox' }).locator('[data-testid=connection-edit]').click()
    await page.locator('.zd-dialog [role=tab]', { hasText: 'Filas e automação' }).click()
    await page.locator('#connection-prompt').waitFor()
    t.same(await page.locator('#connection-prompt option').allInnerTexts(), ['Nenhum', 'Assistente Azul'], 'none, or the company\'s prompt')
    await page.waitForTimeout(400)
    await b.screenshot('connection-dialog-prompt')
    await escapeDialog(page)
  })
})

t.test('a customer writes; the bot answers in the ticket with the prompt as system text', async (t) => {
  const { page } = b
  fake.script({ reply: 'Olá, Marina! Abrimos às 9h. Posso ajudar em algo mais?' })
  await step(b, 'open-tickets', async () => {
    await page.click('.zd-sidebar [data-menu-id=tickets]')
    await page.waitForURL('**/tickets')
    await selectTab(page, '[data-testid=tickets-tab-pending]')
  })
  await inject('Oi, que horas vocês abrem?')
  await until('the bot\'s answer', async () => chats().length === 1)
  await step(b, 'bot-answer', async () => {
    await ticketRow().waitFor()
    await ticketRow().click()
    await page.locator('[data-testid=peek-dialog]').getByText('Oi, que horas vocês abrem?').waitFor()
    await page.locator('[data-testid=peek-dialog]').getByText('Olá, Marina! Abrimos às 9h. Posso ajudar em algo mais?').waitFor()
    await page.waitForTimeout(400)
  })
  await b.screenshot('prompts-bot-answer')
  await page.click('[data-testid=peek-close]')
  await page.locator('[data-testid=peek-dialog]').waitFor({ state: 'detached' })
  const [call] = chats()
  t.equal(call.headers.authorization, 'Bearer sk-e2e-secret')
  t.match(call.json?.messages?.[0], { role: 'system', content: SYSTEM })
  t.match(call.json?.messages?.at(-1), { role: 'user', content: 'Oi, que horas vocês abrem?' })
  t.match(call.json, { max_tokens: 100, temperature: 1 })
  const [ticket] = (await api<{ tickets: Array<{ id: number }> }>('GET', '/tickets?status=pending&showAll=true')).tickets
  ids.ticket = ticket.id
  const outbox = () => api<Array<{ body: string | null; to: string }>>('GET', `/sandbox/${ids.whatsapp}/outbox?limit=10`)
  await until('the answer in the sandbox outbox', async () => (await outbox()).some((m) => m.body === 'Olá, Marina! Abrimos às 9h. Posso ajudar em algo mais?' && m.to.includes(customer.from)))
  t.pass('the answer left through the connection')
})

t.test('the customer asks for a person; the admin takes over and the bot stays quiet', async (t) => {
  const { page } = b
  const { contactId } = await api<{ contactId: number }>('GET', `/tickets/${ids.ticket}`)
  const notes = () => api<Array<{ note: string }>>('GET', `/ticket-notes/list?ticketId=${ids.ticket}&contactId=${contactId}`)
  await inject('Quero falar com um atendente')
  await until('the handoff note', async () => (await notes()).length === 1)
  t.match((await notes())[0].note, /pediu para falar com um atendente/)
  await step(b, 'accept', async () => {
    await ticketRow().locator('[data-testid=ticket-accept]').click()
    await page.locator('[data-testid=ticket-header]', { hasText: customer.name }).waitFor()
    await page.locator('[data-testid=messages-list]').getByText('Quero falar com um atendente').waitFor()
  })
  await step(b, 'handoff-note', async () => {
    await page.click('[data-testid=ticket-contact-open]')
    await page.locator('[data-testid=ticket-notes] [data-testid=note]', { hasText: 'pediu para falar com um atendente' }).waitFor()
  })
  await page.waitForTimeout(400)
  await b.screenshot('prompts-agent-took-over')
  await inject('Obrigada!')
  await page.locator('[data-testid=messages-list]').getByText('Obrigada!').waitFor()
  await new Promise((r) => setTimeout(r, 1000))
  t.equal(chats().length, 1, 'one provider call in all: the request for a person and the agent\'s ticket get none')
})

t.test('at 390 px in pt, en and es the page and its dialog fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: { count: '1 prompt', queue: 'Setor' }, en: { count: '1 prompt', queue: 'Queue' }, es: { count: '1 prompt', queue: 'Sector' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/prompts`)
      await page.locator('.zd-page-count', { hasText: text.count }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the list fits 390 px`)
      await b.screenshot(`prompts-phone-${lng}`)
      await promptRow('Assistente Azul').locator('[data-testid=prompt-edit]').click()
      await page.locator('label[for=prompt-queue]', { hasText: text.queue }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await page.waitForTimeout(400) // the dialog's fade-in, for a readable screenshot
      await b.screenshot(`prompts-dialog-phone-${lng}`)
      await escapeDialog(page)
    })
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
