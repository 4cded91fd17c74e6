import t from 'tap'
import { digits, emptyForm, formOf, payloadOf, validateConnection } from './connection-form.ts'
import type { Connection } from './types.ts'

t.test('connection form: spec defaults and the name rule', async (t) => {
  const ok = { ...emptyForm(), name: 'Vendas' }
  t.match(emptyForm(), { provider: 'beta', maxUseBotQueues: '3', expiresTicket: '0', timeUseBotQueues: '0', isDefault: false })
  t.same(validateConnection(ok), {})
  t.same(validateConnection({ ...ok, name: '  ' }), { name: 'validation.required' })
  t.same(validateConnection({ ...ok, name: ' V ' }), { name: 'validation.tooShort' })
  t.same(validateConnection({ ...ok, name: 'x'.repeat(51) }), { name: 'validation.tooLong' })
  t.same(validateConnection({ ...ok, maxUseBotQueues: '101' }), { maxUseBotQueues: 'connections:validation.botUses' })
  t.same(validateConnection({ ...ok, expiresTicket: '1000001' }), { expiresTicket: 'connections:validation.minutes' })
  t.equal(digits('12a3'), '123')
})

t.test('connection form: payload of the spec\'s POST/PUT /whatsapp', async (t) => {
  const v = { ...emptyForm(), name: ' Vendas ', queueIds: [3, 3, 4], timeToTransfer: '', maxUseBotQueues: '', promptId: 7 }
  const body = payloadOf(v, { withPrompt: true })
  t.match(body, { name: 'Vendas', provider: 'beta', queueIds: [3, 4], transferQueueId: null, timeToTransfer: null, expiresTicket: 0, maxUseBotQueues: 3, promptId: 7 })
  t.notOk('promptId' in payloadOf(v, { withPrompt: false }), 'no prompts module: the prompt is left alone')
  t.notOk('integrationId' in payloadOf(v, { withPrompt: true }), 'no integrations module: the integration is left alone')
  t.equal(payloadOf({ ...v, integrationId: 4 }, { withPrompt: false, withIntegration: true }).integrationId, 4)
  const c = { id: 1, name: 'X', provider: 'sandbox', isDefault: true, hasToken: true, queueIds: [1], transferQueueId: 1, timeToTransfer: 5, expiresTicket: 10, timeUseBotQueues: 2, maxUseBotQueues: 4, promptId: null } as unknown as Connection
  t.match(formOf(c), { provider: 'sandbox', timeToTransfer: '5', expiresTicket: '10', maxUseBotQueues: '4', greetingMessage: '' })
  t.match(payloadOf(formOf(c), { withPrompt: true }), { provider: 'sandbox', timeToTransfer: 5, promptId: null })
  t.notOk('token' in payloadOf(formOf(c), { withPrompt: true }), 'the server makes tokens: the form never sends one')
})
