import t from 'tap'
import { call, world, type World } from '../test-helpers.ts'

async function queue(w: World, name: string, color: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(w.app, 'POST', '/queue', w.c.admin.headers, { name, color, ...fields })
  if (res.statusCode !== 201) throw new Error(`queue: ${res.statusCode} ${res.body}`)
  return res.json().id
}

async function option(w: World, queueId: number, title: string, message: string, parentId?: number): Promise<number> {
  const res = await call(w.app, 'POST', '/queue-options', w.c.admin.headers, { queueId, title, message, ...(parentId ? { parentId } : {}) })
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`option: ${res.statusCode} ${res.body}`)
  return res.json().id
}

async function offer(w: World, queueIds: number[], fields: Record<string, unknown> = {}): Promise<void> {
  const res = await call(w.app, 'PUT', `/whatsapp/${w.whatsappId}`, w.c.admin.headers, { queueIds, ...fields })
  if (res.statusCode !== 200) throw new Error(`connection: ${res.statusCode} ${res.body}`)
}

const sentSince = async (w: World, n: number) => (await w.sent()).slice(n)

t.test('several queues: greeting and numbered menu, the answer picks the queue and starts the transfer timer', async (t) => {
  const w = await world(t, { greetingMessage: '{{ms}}, {{firstName}}! Escolha um setor:' })
  const sales = await queue(w, 'Vendas', '#101010', { orderQueue: 1, greetingMessage: 'Vendas aqui, {{name}}.' })
  const support = await queue(w, 'Suporte', '#202020', { orderQueue: 2 })
  await offer(w, [support, sales], { transferQueueId: support, timeToTransfer: 30 })
  await w.inject({ id: 'a1', name: 'Fábio Reis', body: 'Oi' })
  const [menu] = await w.sent()
  t.match(menu, /^(Bom dia|Boa tarde|Boa noite|Boa madrugada), Fábio! Escolha um setor:\n\n1 - Vendas\n2 - Suporte$/, 'rendered greeting, queues in menu order')
  t.match((await w.tickets())[0], { chatbot: true, queueId: null, amountUsedBotQueues: 1 })

  await w.inject({ id: 'a2', body: '7' })
  t.equal((await w.sent()).length, 2, 'an answer that is no option gets the menu again')
  const before = Date.now()
  await w.inject({ id: 'a3', body: '1' })
  const [ticket] = await w.tickets()
  t.match(ticket, { queueId: sales, chatbot: false, status: 'pending' })
  const transferAt = Date.parse(ticket.transferAt!)
  t.ok(transferAt >= before + 30 * 60_000 - 1000 && transferAt <= Date.now() + 30 * 60_000 + 1000, 'transferAt = now + timeToTransfer')
  t.same(await sentSince(w, 2), ['Vendas aqui, Fábio Reis.'], 'the queue greets with its own message')
  await w.inject({ id: 'a4', body: '2' })
  t.equal((await w.sent()).length, 3, 'the bot is done: no more menus')
})

t.test('the menu is re-sent at most maxUseBotQueues times within timeUseBotQueues minutes', async (t) => {
  const w = await world(t, { greetingMessage: 'Menu:', maxUseBotQueues: 2, timeUseBotQueues: 10 })
  await offer(w, [await queue(w, 'Fila A', '#303030'), await queue(w, 'Fila B', '#404040')])
  for (const [i, body] of ['oi', 'hã?', 'x', 'y'].entries()) await w.inject({ id: `m${i}`, body })
  t.equal((await w.sent()).length, 2, 'two menus, then silence')
  const [ticket] = await w.tickets()
  t.match(ticket, { amountUsedBotQueues: 2, chatbot: true, queueId: null })
  await w.app.knex('tickets').where({ id: ticket.id }).update({ botStartedAt: new Date(Date.now() - 11 * 60_000) })
  await w.inject({ id: 'later', body: 'oi de novo' })
  t.equal((await w.sent()).length, 3, 'a new window: the menu again')
  t.match((await w.tickets())[0], { amountUsedBotQueues: 1 })
})

t.test('one queue: joined at once, greeted only when sendGreetingMessageOneQueues is enabled', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá!' })
  const only = await queue(w, 'Atendimento', '#505050', { greetingMessage: 'Fila de atendimento.' })
  await offer(w, [only])
  await w.inject({ id: 'o1', from: '5511900000001', body: 'Oi' })
  t.match((await w.tickets())[0], { queueId: only, chatbot: false })
  t.same(await w.sent(), ['Olá!\n\nFila de atendimento.'])
  await w.setting('sendGreetingMessageOneQueues', 'disabled')
  await w.inject({ id: 'o2', from: '5511900000002', body: 'Oi' })
  t.match((await w.tickets())[1], { queueId: only, chatbot: false })
  t.same(await sentSince(w, 1), ['Fila de atendimento.'], 'only the queue\'s own greeting')
})

t.test('a greeting without queues goes out once', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá, {{firstName}}!' })
  await w.inject({ id: 'g1', name: 'Gil', body: 'Oi' })
  await w.inject({ id: 'g2', body: 'Oi?' })
  t.same(await w.sent(), ['Olá, Gil!'])
  t.match((await w.tickets())[0], { chatbot: false, queueId: null })
})

t.test('the chosen queue\'s options tree: numbers go down, # goes back to the start, a leaf ends the bot', async (t) => {
  const w = await world(t, { greetingMessage: 'Bem-vindo!' })
  const finance = await queue(w, 'Financeiro', '#606060', { greetingMessage: 'Financeiro:' })
  const other = await queue(w, 'Outros', '#707070')
  await offer(w, [finance, other])
  const billing = await option(w, finance, 'Boletos', 'Sobre boletos:')
  const secondCopy = await option(w, finance, 'Segunda via', 'Enviaremos a segunda via.', billing)
  await option(w, finance, 'Pix', 'Nossa chave pix é 123.')
  await w.inject({ id: 't1', body: 'Oi' })
  await w.inject({ id: 't2', body: '1' })
  t.match((await w.tickets())[0], { queueId: finance, chatbot: true, queueOptionId: null })
  t.same(await sentSince(w, 1), ['Financeiro:\n\n1 - Boletos\n2 - Pix\n# - Voltar ao menu inicial'])

  await w.inject({ id: 't3', body: '1' })
  t.match((await w.tickets())[0], { queueOptionId: billing, chatbot: true })
  t.same(await sentSince(w, 2), ['Sobre boletos:\n\n1 - Segunda via\n# - Voltar ao menu inicial'])
  await w.inject({ id: 't4', body: '5' })
  t.same(await sentSince(w, 3), ['Sobre boletos:\n\n1 - Segunda via\n# - Voltar ao menu inicial'], 'not an option: the level again')

  await w.inject({ id: 't5', body: '#' })
  t.match((await w.tickets())[0], { queueId: null, queueOptionId: null, chatbot: true, transferAt: null })
  t.same(await sentSince(w, 4), ['Bem-vindo!\n\n1 - Financeiro\n2 - Outros'], 'back to the start of the menu')

  await w.inject({ id: 't6', body: '1' })
  await w.inject({ id: 't7', body: '1' })
  await w.inject({ id: 't8', body: '1' })
  t.match((await w.tickets())[0], { queueId: finance, queueOptionId: secondCopy, chatbot: false })
  t.same((await w.sent()).at(-1), 'Enviaremos a segunda via.', 'a leaf sends its message and ends the bot')
  const count = (await w.sent()).length
  await w.inject({ id: 't9', body: '1' })
  t.equal((await w.sent()).length, count, 'the ticket now waits for an agent')
})

t.test('an agent taking the ticket ends the bot', async (t) => {
  const w = await world(t, { greetingMessage: 'Menu:' })
  await offer(w, [await queue(w, 'Fila A', '#808080'), await queue(w, 'Fila B', '#909090')])
  await w.inject({ id: 'p1', body: 'Oi' })
  const [ticket] = await w.tickets()
  await w.app.tickets.lifecycle.accept(w.c.id, ticket.id, { userId: w.c.user.id })
  const count = (await w.sent()).length
  await w.inject({ id: 'p2', body: '1' })
  t.equal((await w.sent()).length, count)
  t.match((await w.tickets())[0], { status: 'open', queueId: null })
})
