import t from 'tap'
import { apiCall, build, createCompanyWithUsers, waitFor } from '@zapdesk/plugin-api/testing'
import { sandboxConnection, sandboxOutbox } from '@zapdesk/connections/testing'
import { apiWorld, sendJson } from './test-support/world.ts'

t.test('a text goes out through the token\'s connection, into the contact\'s ticket, and the answer says what was sent', async (t) => {
  const app = await build(t)
  const { company, whatsappId, token } = await apiWorld(app)
  const res = await sendJson(app, token, { number: '+55 (11) 98888-7777', body: 'Seu pedido saiu para entrega' })
  t.equal(res.statusCode, 201, res.body)
  const sent = res.json()
  t.match(sent, { message: 'Mensagem enviada', whatsappId, number: '5511988887777', ticketId: Number, contactId: Number })
  t.match(sent.messages, [{ id: Number, body: 'Seu pedido saiu para entrega', mediaType: 'chat', mediaName: null, sendStatus: String }])

  const outbox = await waitFor(async () => (await sandboxOutbox(app, company.admin.headers, whatsappId)).find((m) => m.body === 'Seu pedido saiu para entrega'), 5000, 'sent')
  t.equal(outbox.to, '5511988887777@s.whatsapp.net', 'to the number, through that connection')

  const ticket = (await apiCall(app, 'GET', `/tickets/${sent.ticketId}`, company.admin.headers)).json()
  t.match(ticket, { id: sent.ticketId, status: 'pending', whatsappId, contactId: sent.contactId }, 'a new ticket waits for the agents')
  const messages = (await apiCall(app, 'GET', `/messages/${sent.ticketId}`, company.admin.headers)).json().messages
  t.match(messages, [{ id: sent.messages[0].id, body: 'Seu pedido saiu para entrega', fromMe: true }], 'in the ticket like any outbound message')

  const second = await sendJson(app, token, { number: '5511988887777', body: 'Chega hoje' })
  t.equal(second.statusCode, 201)
  t.equal(second.json().ticketId, sent.ticketId, 'the open ticket is reused')
  t.equal(second.json().contactId, sent.contactId, 'and the contact')
})

t.test('the token decides the connection: a second connection of the company sends with its own', async (t) => {
  const app = await build(t)
  const { company, whatsappId } = await apiWorld(app)
  const other = await sandboxConnection(app, company.admin.headers, { name: 'Vendas' })
  const token = (await apiCall(app, 'POST', `/whatsapp/${other.id}/token`, company.admin.headers)).json().token as string
  const res = await sendJson(app, token, { number: '5511977776666', body: 'Pelo número de vendas' })
  t.equal(res.statusCode, 201, res.body)
  t.equal(res.json().whatsappId, other.id)
  await waitFor(async () => (await sandboxOutbox(app, company.admin.headers, other.id)).length === 1, 5000, 'sent on the second connection')
  t.same(await sandboxOutbox(app, company.admin.headers, whatsappId), [], 'nothing on the default one')
})

t.test('an empty, unknown, malformed or rotated token is 401 ERR_INVALID_API_TOKEN and sends nothing', async (t) => {
  const app = await build(t)
  const { company, whatsappId, token } = await apiWorld(app)
  const body = { number: '5511988887777', body: 'Olá' }
  const cases: Array<[string, Record<string, string>]> = [
    ['no header', {}], ['empty bearer', { authorization: 'Bearer ' }], ['unknown', { authorization: 'Bearer zdk_nope' }],
    ['another scheme', { authorization: `Basic ${token}` }], ['two tokens', { authorization: `Bearer ${token} ${token}` }],
    ['a user session is not a connection token', company.admin.headers], ['huge', { authorization: `Bearer ${'a'.repeat(5000)}` }],
  ]
  for (const [label, headers] of cases) {
    const res = await sendJson(app, null, body, headers)
    t.equal(res.statusCode, 401, label)
    t.equal(res.json().error, 'ERR_INVALID_API_TOKEN', label)
  }
  const rotated = (await apiCall(app, 'POST', `/whatsapp/${whatsappId}/token`, company.admin.headers)).json().token as string
  t.equal((await sendJson(app, token, body)).json().error, 'ERR_INVALID_API_TOKEN', 'the old token stops working once rotated')
  t.equal((await sendJson(app, rotated, body)).statusCode, 201, 'the new one works')
  await apiCall(app, 'DELETE', `/whatsapp/${whatsappId}/token`, company.admin.headers)
  t.equal((await sendJson(app, rotated, body)).statusCode, 401, 'a removed token is refused')
  // The good call's message leaves through the send job, after its answer: wait for it, then count.
  await waitFor(async () => (await sandboxOutbox(app, company.admin.headers, whatsappId)).length >= 1, 5000, 'the good call\'s message')
  t.equal((await sandboxOutbox(app, company.admin.headers, whatsappId)).length, 1, 'only the one good call sent anything')
})

t.test('one company\'s token never reaches another company\'s contacts or tickets', async (t) => {
  const app = await build(t)
  const a = await apiWorld(app)
  const b = await apiWorld(app)
  const bFirst = (await sendJson(app, b.token, { number: '5511966665555', body: 'Mensagem da empresa B' })).json()
  const bTicketBefore = (await apiCall(app, 'GET', `/messages/${bFirst.ticketId}`, b.company.admin.headers)).json().messages.length

  const res = await sendJson(app, a.token, { number: '5511966665555', body: 'Mensagem da empresa A' })
  t.equal(res.statusCode, 201)
  const sent = res.json()
  t.not(sent.contactId, bFirst.contactId, 'A gets a contact of its own for the same number')
  t.not(sent.ticketId, bFirst.ticketId, 'and a ticket of its own')
  t.equal((await apiCall(app, 'GET', `/tickets/${sent.ticketId}`, b.company.admin.headers)).statusCode, 404, 'B cannot see A\'s ticket')
  t.equal((await apiCall(app, 'GET', `/tickets/${bFirst.ticketId}`, a.company.admin.headers)).statusCode, 404, 'nor A B\'s')
  t.equal((await apiCall(app, 'GET', `/messages/${bFirst.ticketId}`, b.company.admin.headers)).json().messages.length, bTicketBefore, 'B\'s ticket got nothing')
  await waitFor(async () => (await sandboxOutbox(app, a.company.admin.headers, a.whatsappId)).length === 1, 5000, 'A sent')
  await waitFor(async () => (await sandboxOutbox(app, b.company.admin.headers, b.whatsappId)).length >= 1, 5000, 'B sent')
  t.equal((await sandboxOutbox(app, b.company.admin.headers, b.whatsappId)).length, 1, 'B\'s connection sent only B\'s message')
})

t.test('bad numbers and bodies: clear 4xx with an ERR_ code, nothing sent', async (t) => {
  const app = await build(t)
  const { company, whatsappId, token } = await apiWorld(app)
  const cases: Array<[unknown, number, string]> = [
    [{ number: 'abc', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '1234567', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '1234567890123456', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '5511999990000@s.whatsapp.net', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '120363025246125486@g.us', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '55+11999990000', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '5511999990000\u0000', body: 'Olá' }, 400, 'ERR_INVALID_NUMBER'],
    [{ number: '5511999990000', body: '' }, 400, 'ERR_EMPTY_MESSAGE'],
    [{ number: '5511999990000', body: '   \n ' }, 400, 'ERR_EMPTY_MESSAGE'],
    [{ number: '5511999990000', body: 'a\u0000b' }, 400, 'ERR_VALIDATION'],
    [{ number: '5511999990000', body: 'x'.repeat(70_000) }, 400, 'ERR_VALIDATION'],
    [{ number: '5511999990000', body: '😀'.repeat(20_000) }, 400, 'ERR_VALIDATION'],
    [{ number: '5511999990000' }, 400, 'ERR_VALIDATION'],
    [{ body: 'Olá' }, 400, 'ERR_VALIDATION'],
    [{ number: 5511999990000, body: 'Olá' }, 201, ''],
    // The app's validator unwraps one-element arrays (coerceTypes 'array'), as on every route.
    [{ number: ['5511999990000'], body: 'Olá' }, 201, ''],
    [{ number: ['5511999990000', '5511999990001'], body: 'Olá' }, 400, 'ERR_VALIDATION'],
    [{ number: { $gt: '' }, body: 'Olá' }, 400, 'ERR_VALIDATION'],
    [[], 400, 'ERR_VALIDATION'],
  ]
  let good = 0
  for (const [payload, status, code] of cases) {
    const res = await sendJson(app, token, payload)
    const label = JSON.stringify(payload).slice(0, 60)
    t.equal(res.statusCode, status, `${label} -> ${status}`)
    if (code) t.equal(res.json().error, code, label)
    if (status === 201) good++
  }
  const text = await app.inject({ method: 'POST', url: '/api/messages/send', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: 'number=1&body=2' })
  t.equal(text.statusCode, 415, 'other content types are refused')
  const broken = await app.inject({ method: 'POST', url: '/api/messages/send', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"number":' })
  t.equal(broken.statusCode, 400)
  t.equal(broken.json().error, 'ERR_VALIDATION')
  const sandboxRefuses = await sendJson(app, token, { number: '12345678', body: 'Olá' })
  t.equal(sandboxRefuses.statusCode, 400, 'a number WhatsApp does not know')
  t.equal(sandboxRefuses.json().error, 'ERR_WAPP_INVALID_CONTACT')
  await waitFor(async () => (await sandboxOutbox(app, company.admin.headers, whatsappId)).length === good, 5000, 'the good ones sent')
  t.equal((await sandboxOutbox(app, company.admin.headers, whatsappId)).length, good, 'no refused call sent anything')
})

t.test('a connection that is not connected: 409 ERR_WAPP_NOT_INITIALIZED', async (t) => {
  const app = await build(t)
  const { company, whatsappId, token } = await apiWorld(app)
  await apiCall(app, 'DELETE', `/whatsappsession/${whatsappId}`, company.admin.headers)
  await waitFor(async () => (await apiCall(app, 'GET', `/whatsapp/${whatsappId}`, company.admin.headers)).json().status === 'DISCONNECTED', 5000, 'disconnected')
  const res = await sendJson(app, token, { number: '5511988887777', body: 'Olá' })
  t.equal(res.statusCode, 409)
  t.equal(res.json().error, 'ERR_WAPP_NOT_INITIALIZED')
})

t.test('plan without useExternalApi, module switched off, overdue or inactive company: the access hook\'s refusals', async (t) => {
  const app = await build(t)
  const basic = await apiWorld(app, { planName: 'Básico' })
  const body = { number: '5511988887777', body: 'Olá' }
  const noPlan = await sendJson(app, basic.token, body)
  t.equal(noPlan.statusCode, 403)
  t.equal(noPlan.json().error, 'ERR_FEATURE_DISABLED')

  const pro = await apiWorld(app)
  t.equal((await apiCall(app, 'PUT', '/modules/useExternalApi', pro.company.admin.headers, { enabled: false })).statusCode, 200)
  t.equal((await sendJson(app, pro.token, body)).json().error, 'ERR_FEATURE_DISABLED', 'switched off by the admin')
  await apiCall(app, 'PUT', '/modules/useExternalApi', pro.company.admin.headers, { enabled: true })
  t.equal((await sendJson(app, pro.token, body)).statusCode, 201, 'on again')

  await app.knex('companies').where({ id: pro.company.id }).update({ dueDate: '2020-01-01' })
  const overdue = await sendJson(app, pro.token, body)
  t.equal(overdue.statusCode, 402)
  t.equal(overdue.json().error, 'ERR_SUBSCRIPTION_EXPIRED')
  await app.knex('companies').where({ id: pro.company.id }).update({ dueDate: null, status: false })
  const inactive = await sendJson(app, pro.token, body)
  t.equal(inactive.statusCode, 401)
  t.equal(inactive.json().error, 'ERR_COMPANY_INACTIVE')
})

t.test('the OpenAPI document shows the route with its token scheme and examples', async (t) => {
  const app = await build(t)
  await createCompanyWithUsers(app)
  const doc = (await app.inject({ url: '/api/docs/json' })).json()
  const op = doc.paths['/api/messages/send'].post
  t.same(op.security, [{ connectionToken: [] }])
  t.ok(doc.components.securitySchemes.connectionToken)
  t.ok(op.requestBody.content['application/json'], 'JSON body')
  t.ok(op.requestBody.content['multipart/form-data'], 'multipart body')
  t.match(JSON.stringify(op.requestBody.content['application/json']), /5511999990000/, 'with an example')
  t.ok(op.responses['201'], 'the answer documented')
  t.ok(op.responses['429'] ?? op.responses['4XX'] ?? op.responses.default ?? op.responses['400'], 'errors documented')
})
