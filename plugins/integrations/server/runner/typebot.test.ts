import t from 'tap'
import { waitFor } from '@zapdesk/plugin-api/testing'
import { fakeServer, type Recorded } from '../test-support/fake-server.ts'
import { call, world } from '../test-support/world.ts'
import { IntegrationSession } from '../models.ts'
import { chosenOption } from './typebot.ts'

const rich = (text: string) => ({ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } })

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/** A small typebot flow: a greeting with a logo (served by the same fake) and a menu, then one question, then the end. */
function flow(r: Recorded) {
  if (r.path === '/logo.png') return { bytes: PNG, type: 'image/png' }
  if (r.path === '/missing.png') return { status: 404, text: 'not found' }
  if (r.path.endsWith('/startChat')) {
    return {
      json: {
        sessionId: `sess-${r.path.split('/')[4]}-${Date.now()}`,
        messages: [rich('Olá! Sou o assistente.'), { type: 'image', content: { url: `http://${r.headers.host}${r.path.includes('quebrado') ? '/missing.png' : '/logo.png'}` } }],
        input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] },
      },
    }
  }
  const text = (r.json?.message as { text: string }).text
  if (text === 'Vendas') return { json: { messages: [rich('Qual produto?')], input: { type: 'text input' } } }
  if (text === 'Suporte') return { json: { messages: [rich('Descreva o problema.')], input: { type: 'choice input', items: [{ content: 'Pedido' }, { content: ' ' }, { content: 'Troca' }] } } }
  if (text === 'Troca') return { json: { messages: [rich('Um atendente cuida da troca.')] } }
  if (text === 'Camisa') return { json: { messages: [rich('Obrigado! Um vendedor já vem.')] } }
  return { json: { messages: [], input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] } } }
}

const TYPEBOT = {
  name: 'Boas-vindas', typebotSlug: 'boas-vindas', typebotDelayMessage: 300, typebotExpires: 5,
  typebotKeywordFinish: '#sair', typebotKeywordRestart: '#menu', typebotUnknownMessage: 'Não entendi, escolha uma opção.',
  typebotRestartMessage: 'Vamos recomeçar.',
}

t.test('a typebot flow: start, bubbles (text, image, choices) typebotDelayMessage apart, continue, unknown answer, end hands back', async (t) => {
  const fake = await fakeServer(t, flow)
  const w = await world(t, fake, { ...TYPEBOT, urlN8N: `${fake.url}/` })
  await w.send('oi')
  t.same(await w.replies(3), ['Olá! Sou o assistente.', '', '1 - Vendas\n2 - Suporte'])
  const media = (await call(w.app, 'GET', `/messages/${(await w.ticket()).id}?peek=true`, w.c.admin.headers)).json().messages as Array<{ fromMe: boolean; mediaType: string }>
  t.equal(media.filter((m) => m.fromMe)[1].mediaType, 'image', 'the image bubble goes as an image, fetched through the guard')
  t.match(fake.requests[0], { path: '/api/v1/typebots/boas-vindas/startChat', json: { isStreamEnabled: false, prefilledVariables: { number: /^5511/ } } })
  const page = (await call(w.app, 'GET', `/messages/${(await w.ticket()).id}?peek=true`, w.c.admin.headers)).json().messages as Array<{ fromMe: boolean; createdAt: string }>
  const sent = page.filter((m) => m.fromMe).map((m) => new Date(m.createdAt).getTime())
  t.ok(sent[1] - sent[0] >= 250 && sent[2] - sent[1] >= 250, `bubbles ${sent[1] - sent[0]} and ${sent[2] - sent[1]} ms apart`)

  await w.send('talvez')
  t.same((await w.replies(5)).slice(3), ['Não entendi, escolha uma opção.', '1 - Vendas\n2 - Suporte'], 'the flow took nothing: the unknown message, and the menu again')
  await w.send('Vendas')
  t.equal((await w.replies(6))[5], 'Qual produto?')
  const session = fake.requests[0] && (await w.app.bind(IntegrationSession).query().forCompany(w.c.id).first())
  t.match(fake.requests.at(-1), { path: `/api/v1/sessions/${session?.externalId}/continueChat`, json: { message: { type: 'text', text: 'Vendas' } } })
  await w.send('Camisa')
  t.equal((await w.replies(7))[6], 'Obrigado! Um vendedor já vem.')
  // The hand-back follows the flow's last bubble: wait for it rather than read the ticket as the bubble arrives.
  const handedBack = await waitFor(async () => { const ticket = await w.ticket(); return ticket.queueId === w.queueId && ticket }, 10_000, 'the hand-back to the queue')
  t.match(handedBack, { status: 'pending', userId: null, queueId: w.queueId }, 'the flow ended: the queue\'s agents have it')
  t.same(await w.notes(), ['A integração Typebot "Boas-vindas" chegou ao fim do fluxo e passou o atendimento para os atendentes.'], 'agents read who handed it back and why')
  const calls = fake.requests.length
  await w.send('e agora?')
  t.equal(fake.requests.length, calls, 'handed back: the typebot hears no more')
})

t.test('keywords: restart sends the restart message and starts again; finish hands back at once; an idle session expires', async (t) => {
  const fake = await fakeServer(t, flow)
  const w = await world(t, fake, { ...TYPEBOT, typebotSlug: 'quebrado', typebotDelayMessage: 0, urlN8N: fake.url })
  await w.send('oi')
  t.equal((await w.replies(3))[1], `${fake.url}/missing.png`, 'an image that cannot be fetched goes as its address')
  await w.send('#MENU')
  t.same((await w.replies(7)).slice(3), ['Vamos recomeçar.', 'Olá! Sou o assistente.', `${fake.url}/missing.png`, '1 - Vendas\n2 - Suporte'])
  t.equal(fake.requests.filter((r) => r.path.endsWith('/startChat')).length, 2)

  await w.app.bind(IntegrationSession).query().forCompany(w.c.id).patch({ lastAt: new Date(Date.now() - 6 * 60_000).toISOString() })
  await w.send('Vendas')
  await w.replies(10)
  t.equal(fake.requests.filter((r) => r.path.endsWith('/startChat')).length, 3, 'idle past typebotExpires minutes: a new session')

  const calls = fake.requests.length
  await w.send('#sair')
  // The hand-back runs in the integration's job (with Redis, on its queue): done once its note is written, the
  // session's end before it.
  const notes = await waitFor(async () => { const n = await w.notes(); return n.length ? n : undefined }, 10_000, 'the hand-back note')
  t.same(notes, ['O cliente enviou a palavra de encerramento "#sair": a integração Typebot "Boas-vindas" passou o atendimento para os atendentes.'])
  t.match(await w.app.bind(IntegrationSession).query().forCompany(w.c.id).first(), { status: 'done', choices: null })
  // Handed back, the next message passes the integration by inside the inbound pipeline (no job): sent, it is done.
  await w.send('ainda aí?')
  t.equal(fake.requests.length, calls, 'the finish keyword hands back without asking the typebot')

  // Closing the ticket lets the customer's next conversation start with the typebot again.
  const ticket = await w.ticket()
  t.equal((await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'closed' })).statusCode, 200)
  await w.app.events.idle()
  t.equal(await w.app.bind(IntegrationSession).query().forCompany(w.c.id).resultSize(), 0)
})

t.test('a typebot that fails hands the ticket back', async (t) => {
  const fake = await fakeServer(t, () => ({ status: 500, json: { message: 'boom' } }))
  const w = await world(t, fake, { ...TYPEBOT, urlN8N: fake.url })
  await w.send('oi')
  await w.app.events.idle()
  await new Promise((r) => setTimeout(r, 100))
  await w.app.events.idle()
  t.equal((await w.app.bind(IntegrationSession).query().forCompany(w.c.id).first())?.status, 'done', 'handed back')
  t.same(await w.messages(), [[false, 'oi']], 'the customer\'s message stays for the agents')
  t.same(await w.notes(), ['A integração Typebot "Boas-vindas" falhou (typebot answered 500): a mensagem do cliente espera um atendente.'])
})

t.test('an agent taking the ticket ends the flow', async (t) => {
  const fake = await fakeServer(t, flow)
  const w = await world(t, fake, { ...TYPEBOT, typebotDelayMessage: 0, urlN8N: fake.url })
  await w.send('oi')
  await w.replies(3)
  const ticket = await w.ticket()
  t.equal((await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'open', userId: w.c.admin.id })).statusCode, 200)
  await w.app.events.idle()
  t.equal((await w.app.bind(IntegrationSession).query().forCompany(w.c.id).first())?.status, 'done')
  const calls = fake.requests.length
  await w.send('Vendas')
  t.equal(fake.requests.length, calls, 'the agent answers now, not the typebot')
  t.same(await w.notes(), [], 'an agent took it: nothing was handed back, no note')
})

t.test('chosenOption: a bare number (spaces and punctuation around it) picks an offered option; anything else is null', async (t) => {
  const choices = ['Vendas', 'Suporte']
  for (const [text, want] of [['1', 'Vendas'], ['1.', 'Vendas'], [' 2 ', 'Suporte'], ['2)', 'Suporte'], ['(1)', 'Vendas'], ['02', 'Suporte']] as const) {
    t.equal(chosenOption(text, choices), want, JSON.stringify(text))
  }
  for (const text of ['0', '3', '12', '1 2', '1a', 'opção 2', 'um', '', '-', '1.5']) t.equal(chosenOption(text, choices), null, JSON.stringify(text))
  t.equal(chosenOption('1', null), null, 'no choices pending')
  t.equal(chosenOption('1', []), null)
})

t.test('a number answers the choice input: typebot gets the option\'s text; the choices are kept per turn and cleared by the next', async (t) => {
  const fake = await fakeServer(t, flow)
  const w = await world(t, fake, { ...TYPEBOT, typebotDelayMessage: 0, urlN8N: fake.url })
  const session = () => w.app.bind(IntegrationSession).query().forCompany(w.c.id).first()
  const lastText = () => (fake.requests.at(-1)?.json?.message as { text: string }).text
  await w.send('oi')
  t.equal((await w.replies(3))[2], '1 - Vendas\n2 - Suporte')
  t.same((await session())?.choices, ['Vendas', 'Suporte'], 'the options offered are kept with the session')

  await w.send(' 1. ')
  t.equal((await w.replies(4))[3], 'Qual produto?')
  t.equal(lastText(), 'Vendas', 'the number went as the first option\'s text')
  t.equal((await session())?.choices, null, 'answered: a text input offers no choices')

  await w.send('2')
  t.same((await w.replies(6)).slice(4), ['Não entendi, escolha uma opção.', '1 - Vendas\n2 - Suporte'])
  t.equal(lastText(), '2', 'no choices pending: the number goes as typed')
  await w.send('3')
  await w.replies(8)
  t.equal(lastText(), '3', 'a number past the options goes as typed')
  await w.send('2)')
  t.same((await w.replies(10)).slice(8), ['Descreva o problema.', '1 - Pedido\n2 - Troca'], 'an empty option is not numbered')
  t.equal(lastText(), 'Suporte')
  t.same((await session())?.choices, ['Pedido', 'Troca'], 'the new turn\'s options replace the answered ones')
  await w.send('2')
  t.equal((await w.replies(11))[10], 'Um atendente cuida da troca.')
  t.equal(lastText(), 'Troca', 'numbered as the customer saw them (the empty option skipped)')
  t.match(await session(), { status: 'done', choices: null }, 'the flow ended: handed back, nothing pending')
  t.equal((await w.notes()).length, 1)
})
