import t from 'tap'
import { writeSetting } from '@zapdesk/plugin-api/testing'
import { SYSTEM_TEXT, botWorld, call, settled } from '../test-support/world.ts'

const bodyOf = (m: [boolean, string]) => m[1]

t.test('the bot answers with the prompt as system text and the newest maxMessages messages, oldest first', async (t) => {
  const w = await botWorld(t, { maxMessages: 3, maxTokens: 150, temperature: 0.4, model: 'llama3.1' })
  w.fake.script({ reply: 'Olá! Abrimos às 9h.' }, { reply: 'Temos sim, tamanho M.' }, { reply: 'Custa R$ 50.' })
  await w.send('Oi, que horas abrem?')
  await settled(w, async () => (await w.messages()).length === 2, 'the first answer')
  await w.send('Tem camiseta azul?')
  await settled(w, async () => (await w.messages()).length === 4, 'the second answer')
  await w.send('Quanto custa?')
  await settled(w, async () => (await w.messages()).length === 6, 'the third answer')

  t.same((await w.messages()).map(bodyOf), ['Oi, que horas abrem?', 'Olá! Abrimos às 9h.', 'Tem camiseta azul?', 'Temos sim, tamanho M.', 'Quanto custa?', 'Custa R$ 50.'])
  t.same((await w.messages()).map((m) => m[0]), [false, true, false, true, false, true], 'the answers are the bot\'s, on the ticket')
  const [first, , third] = w.chats()
  t.equal(first.headers.authorization, 'Bearer sk-test-123', 'the key, opened for the call')
  t.match(first.json, { model: 'llama3.1', max_tokens: 150, temperature: 0.4, tools: [{ function: { name: 'transfer_to_human' } }] })
  t.equal(first.json!.messages![0].role, 'system')
  t.match(first.json!.messages![0].content, SYSTEM_TEXT)
  t.same(first.json!.messages!.slice(1), [{ role: 'user', content: 'Oi, que horas abrem?' }])
  t.same(third.json!.messages!.slice(1), [
    { role: 'assistant', content: 'Olá! Abrimos às 9h.' }, { role: 'user', content: 'Tem camiseta azul?' },
    { role: 'assistant', content: 'Temos sim, tamanho M.' }, { role: 'user', content: 'Quanto custa?' },
  ], 'the 3 newest earlier messages in order, then the customer\'s message')
  t.match(await w.ticket(), { status: 'pending', userId: null })
})

t.test('a local reasoning model\'s <think> block is not sent to the customer', async (t) => {
  const w = await botWorld(t)
  w.fake.script({ reply: '<think>\nO cliente quer saber o preço.\n</think>\n\nA camiseta custa R$ 50.' })
  await w.send('Quanto custa a camiseta?')
  await settled(w, async () => (await w.messages()).length === 2, 'the answer')
  t.same((await w.messages())[1], [true, 'A camiseta custa R$ 50.'])
})

t.test('a queue\'s prompt answers the tickets of that queue', async (t) => {
  const w = await botWorld(t, {}, true)
  w.fake.script({ reply: 'Bom dia, como posso ajudar?' })
  await w.send('Bom dia')
  await settled(w, async () => (await w.messages()).some((m) => m[1] === 'Bom dia, como posso ajudar?'), 'the answer')
  t.equal((await w.ticket()).queueId, null, 'the queue is the one the handoff gives')
  await w.send('quero falar com um humano')
  await settled(w, async () => (await w.notes()).length === 1, 'the handoff')
  t.equal((await w.ticket()).queueId, w.queueId)
})

t.test('asking for a person hands the ticket to the queue\'s agents and stops the bot', async (t) => {
  const w = await botWorld(t)
  w.fake.script({ reply: 'Olá!' })
  await w.send('Oi')
  await settled(w, async () => (await w.messages()).length === 2, 'the answer')
  await w.send('Quero falar com um atendente, por favor')
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match(await w.ticket(), { status: 'pending', userId: null, queueId: w.queueId })
  t.match((await w.notes())[0], /pediu para falar com um atendente/)
  await w.send('Alguém aí?')
  await w.app.events.idle()
  await new Promise((r) => setTimeout(r, 200))
  t.equal(w.chats().length, 1, 'the bot says nothing more')
  t.same((await w.messages()).map(bodyOf), ['Oi', 'Olá!', 'Quero falar com um atendente, por favor', 'Alguém aí?'])
})

t.test('the note speaks the company\'s language (its language setting)', async (t) => {
  const w = await botWorld(t)
  await writeSetting(w.app, w.c.id, 'language', 'en')
  w.fake.script({ reply: 'Hello!' })
  await w.send('Hi')
  await settled(w, async () => (await w.messages()).length === 2, 'the answer')
  await w.send('I want to talk to an agent')
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match((await w.notes())[0], /^The customer asked for a person; the AI assistant ".+" stopped answering\.$/)
})

t.test('the model hands over by its tool call or by the marked reply', async (t) => {
  const byTool = await botWorld(t)
  byTool.fake.script({ tool: 'transfer_to_human', reply: 'Vou chamar alguém da equipe.' })
  await byTool.send('Meu pedido veio errado, preciso trocar')
  await settled(byTool, async () => (await byTool.notes()).length === 1, 'the handoff')
  t.same((await byTool.messages()).map(bodyOf), ['Meu pedido veio errado, preciso trocar', 'Vou chamar alguém da equipe.'])
  t.match((await byTool.notes())[0], /passou o atendimento/)
  t.match(await byTool.ticket(), { queueId: byTool.queueId, status: 'pending' })

  const byMark = await botWorld(t)
  byMark.fake.script({ reply: 'Um momento, transfiro você. [[handoff]]' })
  await byMark.send('Quero cancelar minha assinatura')
  await settled(byMark, async () => (await byMark.notes()).length === 1, 'the handoff')
  t.same((await byMark.messages()).map(bodyOf), ['Quero cancelar minha assinatura', 'Um momento, transfiro você.'], 'the mark is not sent')
})

t.test('an agent accepting the ticket stops the bot, also while the model is thinking', async (t) => {
  const w = await botWorld(t)
  // Slow enough that the agent surely accepts while the call is running, even on a loaded machine.
  w.app.promptBot.options.timeoutMs = 6000
  w.fake.script({ delayMs: 2500, reply: 'Resposta atrasada' })
  await w.send('Oi, tudo bem?')
  await settled(w, async () => w.chats().length === 1, 'the call under way')
  const ticket = await w.ticket()
  const accepted = await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.user.headers, { status: 'open', userId: w.c.user.id })
  t.equal(accepted.statusCode, 200, accepted.body)
  await new Promise((r) => setTimeout(r, 3000))
  await w.app.events.idle()
  t.notOk((await w.messages()).some((m) => m[1] === 'Resposta atrasada'), 'the late answer is dropped: the agent answers')
  await w.send('Ainda está aí?')
  await new Promise((r) => setTimeout(r, 200))
  t.equal(w.chats().length, 1, 'no call for the next message')
  const back = await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.user.headers, { status: 'pending' })
  t.equal(back.statusCode, 200, back.body)
  await w.send('Olá?')
  await new Promise((r) => setTimeout(r, 200))
  t.equal(w.chats().length, 1, 'returned to the queue, it stays with the agents')
})

t.test('a provider error or a timeout keeps the customer\'s message and gives the ticket to the agents with a note', async (t) => {
  const failing = await botWorld(t)
  failing.fake.script({ status: 500, error: 'model overloaded' })
  await failing.send('Preciso de ajuda com meu boleto')
  await settled(failing, async () => (await failing.notes()).length === 1, 'the note')
  t.match((await failing.notes())[0], /falhou \(HTTP 500: model overloaded\)/)
  t.same((await failing.messages()).map(bodyOf), ['Preciso de ajuda com meu boleto'], 'the customer\'s message is kept')
  t.match(await failing.ticket(), { status: 'pending', queueId: failing.queueId })

  const slow = await botWorld(t)
  slow.app.promptBot.options.timeoutMs = 300
  slow.fake.script({ hang: true })
  const started = Date.now()
  await slow.send('Alô?')
  await settled(slow, async () => (await slow.notes()).length === 1, 'the note')
  t.ok(Date.now() - started < 3000, 'bounded by the timeout')
  t.match((await slow.notes())[0], /não respondeu a tempo/)
  t.same((await slow.messages()).map(bodyOf), ['Alô?'])

  const bad = await botWorld(t, { baseUrl: 'http://127.0.0.1:9/v1' })
  await bad.send('Oi')
  await settled(bad, async () => (await bad.notes()).length === 1, 'the note')
  t.match((await bad.notes())[0], /falhou/, 'nothing listening: a note too')
})

t.test('closing the ticket lets the next conversation start with the bot again', async (t) => {
  const w = await botWorld(t)
  await w.send('quero um humano')
  await settled(w, async () => (await w.notes()).length === 1, 'the handoff')
  const ticket = await w.ticket()
  await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'open', userId: w.c.admin.id })
  await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'closed' })
  await w.app.events.idle()
  w.fake.script({ reply: 'Olá de novo!' })
  await w.send('Oi de novo')
  await settled(w, async () => w.chats().length === 1, 'the bot answers the new conversation')
  t.equal(w.chats().length, 1)
})

t.test('with useOpenAi switched off the prompts stay but the bot says nothing', async (t) => {
  const w = await botWorld(t)
  const off = await call(w.app, 'PUT', '/modules/useOpenAi', w.c.admin.headers, { enabled: false })
  t.equal(off.statusCode, 200, off.body)
  t.equal((await call(w.app, 'GET', '/prompt', w.c.admin.headers)).json().error, 'ERR_FEATURE_DISABLED')
  await w.send('Oi, tem alguém?')
  await new Promise((r) => setTimeout(r, 300))
  await w.app.events.idle()
  t.equal(w.chats().length, 0)
  await call(w.app, 'PUT', '/modules/useOpenAi', w.c.admin.headers, { enabled: true })
  w.fake.script({ reply: 'Oi! Estou aqui.' })
  await w.send('E agora?')
  await settled(w, async () => w.chats().length === 1, 'the answer once it is back on')
})

t.test('with private addresses refused (production), a prompt pointing at one gets no call: the agents get the ticket', async (t) => {
  const w = await botWorld(t)
  w.app.config.outboundAllowPrivate = false
  await w.send('Oi')
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match((await w.notes())[0], /falhou \(127\.0\.0\.1 is a private address\)/)
  t.equal(w.fake.requests.length, 0, 'nothing reached the loopback server')
})
