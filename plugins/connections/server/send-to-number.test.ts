import t from 'tap'
import { AppError } from '@zapdesk/plugin-api'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { sendToNumber } from './send-to-number.ts'
import { call, sandboxConnection, waitFor } from './test-helpers.ts'

const sent = { externalId: 'x1', timestamp: new Date(0).toISOString(), ack: 1 as const }

t.test('sends to a number without a ticket through a sandbox connection; a stranger\'s connection is not found', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  const answer = await app.channels.sendToNumber(c.id, w.id, '+55 (11) 97777-6666', { body: 'Promoção!' })
  t.ok(answer.externalId, 'the channel\'s message id')
  const outbox = await waitFor(async () => (await call(app, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)).json().find((m: { body: string }) => m.body === 'Promoção!'))
  t.match(outbox, { to: '5511977776666' })
  t.same(await app.knex('tickets').where({ companyId: c.id }).select('id'), [], 'no ticket was opened')
  const other = await createCompanyWithUsers(app)
  await t.rejects(app.channels.sendToNumber(other.id, w.id, '5511977776666', { body: 'x' }), { code: 'ERR_NO_WAPP_FOUND' })
})

t.test('retries what a retry may fix, gives up at once on the rest, and refuses bad input', async (t) => {
  let calls = 0
  const flaky = async () => {
    calls++
    if (calls < 3) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
    return sent
  }
  t.same(await sendToNumber(flaky, '5511977776666', { body: 'oi' }, { delayMs: 1 }), sent)
  t.equal(calls, 3, 'two retries, then sent')

  calls = 0
  const refused = async () => {
    calls++
    throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
  }
  await t.rejects(sendToNumber(refused, '5511977776666', { body: 'oi' }, { delayMs: 1 }), { code: 'ERR_WAPP_INVALID_CONTACT' })
  t.equal(calls, 1, 'a 4xx of the channel is not retried')

  calls = 0
  const down = async () => {
    calls++
    throw new Error('socket closed')
  }
  await t.rejects(sendToNumber(down, '5511977776666', { body: 'oi' }, { retries: 2, delayMs: 1 }), { code: 'ERR_SENDING_WAPP_MSG' })
  t.equal(calls, 3, 'the first attempt and two retries')

  await t.rejects(sendToNumber(flaky, '123', { body: 'oi' }), { code: 'ERR_WAPP_INVALID_CONTACT' })
  await t.rejects(sendToNumber(flaky, '5511977776666', { body: '  ' }), { code: 'ERR_VALIDATION' })
})

t.test('a send under a chosen id: the sandbox keeps one message per id and says whether it left', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  t.equal(await app.channels.wasSent(c.id, w.id, '5511977776666', '3EB0AAAA0000000000000000'), false, 'not yet')
  const first = await app.channels.sendToNumber(c.id, w.id, '5511977776666', { body: 'Oferta', id: '3EB0AAAA0000000000000000' })
  t.equal(first.externalId, '3EB0AAAA0000000000000000', 'sent under the id given')
  t.equal(await app.channels.wasSent(c.id, w.id, '5511977776666', '3EB0AAAA0000000000000000'), true)
  t.equal(await app.channels.wasSent(c.id, w.id, '5511900000000', '3EB0AAAA0000000000000000'), false, 'to someone else: no')
  await app.channels.sendToNumber(c.id, w.id, '5511977776666', { body: 'Oferta', id: '3EB0AAAA0000000000000000' })
  const outbox = (await call(app, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)).json() as Array<{ externalId: string }>
  t.equal(outbox.filter((m) => m.externalId === '3EB0AAAA0000000000000000').length, 1, 'a resend under the same id is the same message')
  await call(app, 'DELETE', `/whatsappsession/${w.id}`, c.admin.headers)
  await t.rejects(app.channels.wasSent(c.id, w.id, '5511977776666', '3EB0AAAA0000000000000000'), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'a session that is down cannot be asked')
})
