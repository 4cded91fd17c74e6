import t from 'tap'
import { botWorld, call, settled, waitFor } from '../test-support/world.ts'
import { PromptRun } from '../models.ts'

t.test('past the company\'s tokens per day, new messages fall to the agents with a note', async (t) => {
  const w = await botWorld(t)
  w.app.promptBot.options.maxTokensPerDay = 40
  w.fake.script({ reply: 'Primeira resposta', tokens: 25 }, { reply: 'Segunda resposta', tokens: 25 })
  await w.send('Pergunta um')
  await settled(w, async () => (await w.messages()).length === 2, 'the first answer')
  await w.send('Pergunta dois')
  await settled(w, async () => (await w.messages()).length === 4, 'the second answer (25 of 40 spent before it)')
  await w.send('Pergunta três')
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match((await w.notes())[0], /limite diário de tokens de IA \(40\)/)
  t.equal(w.chats().length, 2, 'no call past the limit')
  t.same((await w.messages()).at(-1), [false, 'Pergunta três'], 'the customer\'s message is kept')
  t.match(await w.ticket(), { status: 'pending', queueId: w.queueId })
})

t.test('past the company\'s concurrent calls, a message falls to the agents with a note', async (t) => {
  const w = await botWorld(t)
  // The first call lasts long enough that the second message surely comes while it runs, even on a loaded machine.
  Object.assign(w.app.promptBot.options, { maxConcurrentPerCompany: 1, timeoutMs: 6000 })
  w.fake.script({ delayMs: 2500, reply: 'Resposta lenta' })
  const other = await call(w.app, 'POST', `/sandbox/${w.whatsappId}/messages`, w.c.admin.headers, { from: '5511977770000', body: 'Cliente um' })
  t.equal(other.statusCode, 201)
  await waitFor(() => w.chats().length === 1 || undefined, 5000, 'the first call running')
  await w.send('Cliente dois')
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match((await w.notes())[0], /limite de conversas ao mesmo tempo da empresa \(1\)/)
  t.equal(w.chats().length, 1, 'the second customer did not reach the provider')
  await waitFor(async () => (await call(w.app, 'GET', '/tickets?showAll=true', w.c.admin.headers)).json().tickets.some((x: { lastMessage: string }) => x.lastMessage === 'Resposta lenta') || undefined, 8000, 'the slow answer')
  w.fake.script({ reply: 'Agora sim' })
  await call(w.app, 'POST', `/sandbox/${w.whatsappId}/messages`, w.c.admin.headers, { from: '5511977770000', body: 'Cliente um de novo' })
  await waitFor(() => w.chats().length === 2 || undefined, 5000, 'a call once the first one ended')
  t.pass('the slot is free again')
})

t.test('runs older than two days are cleared once an answer is done; today\'s stay for the limits', async (t) => {
  const w = await botWorld(t)
  const runs = () => w.app.bind(PromptRun).query().forCompany(w.c.id).orderBy('id')
  const old = new Date(Date.now() - 3 * 86_400_000).toISOString()
  await w.app.bind(PromptRun).query().forCompany(w.c.id).insert({ ticketId: 1, messageId: 999999, promptId: w.prompt.id, status: 'answered', tokens: 50, createdAt: old, updatedAt: old })
  w.fake.script({ reply: 'Olá!' })
  await w.send('Oi')
  await settled(w, async () => (await w.messages()).length === 2, 'the answer')
  await waitFor(async () => (await runs()).length === 1 || undefined, 3000, 'the old run cleared')
  t.match(await runs(), [{ status: 'answered', tokens: 15 }])
})
