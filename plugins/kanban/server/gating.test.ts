import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { connect, type TestSocket } from '@zapdesk/plugin-api/testing'
import { sampleTicket } from '@zapdesk/tickets/testing'
import { call, createTag } from './test-helpers.ts'

/** Every kanban call the board makes, on a real ticket and lane of the company. */
async function kanbanCalls(app: FastifyInstance, c: TestCompany, laneId: number) {
  const ticket = await sampleTicket(app, c.id, { name: 'Ana', lastMessage: 'oi' })
  return [
    ['GET', '/tags/kanban'], ['GET', '/ticket/kanban'], ['DELETE', `/ticket-tags/${ticket.id}`], ['PUT', `/ticket-tags/${ticket.id}/${laneId}`],
  ].map(([method, url]) => ({ method: method as 'GET', url, ticketId: ticket.id }))
}

/** A change of the ticket's tags from outside the board (its own page), then an ungated marker: once the marker
 * has arrived, any kanban frame had its chance to arrive too. */
async function changeAndSettle(app: FastifyInstance, c: TestCompany, ticketId: number, sockets: TestSocket[], n: number) {
  app.events.emit('ticket.tagsChanged', { companyId: c.id, ticketId, tagIds: [] })
  await app.events.idle()
  app.realtime.publish({ companyId: c.id, topic: 'company', data: { action: 'marker', n } })
  for (const s of sockets) await s.next((f) => f.event === `company-${c.id}-company` && f.data?.n === n)
}

t.test('a plan without useKanban: 403 ERR_FEATURE_DISABLED on every kanban call, nothing written, no frames', async (t) => {
  const app = await build(t)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  // Tags are not gated: a company may keep lanes ready for when its plan includes the board.
  const lane = await createTag(app, basic.admin.headers, 'Proposta')
  const calls = await kanbanCalls(app, basic, lane.id)
  for (const { method, url } of calls) {
    const res = await call(app, method, url, basic.admin.headers)
    t.same([res.statusCode, res.json().error], [403, 'ERR_FEATURE_DISABLED'], `${method} ${url}`)
  }
  t.same((await app.tags.ofTickets(basic.id, [calls[0].ticketId])).get(calls[0].ticketId), [], 'the refused PUT linked nothing')
  const socket = await connect(app, basic.admin.token, t)
  await changeAndSettle(app, basic, calls[0].ticketId, [socket], 1)
  t.equal(socket.count(`company-${basic.id}-kanban`), 0, 'the kanban topic is gated by the plan too')
})

t.test('switched off by the admin: 403 and no more frames; back on: both return', async (t) => {
  const app = await build(t)
  const pro = await createCompanyWithUsers(app)
  const lane = await createTag(app, pro.admin.headers, 'Proposta')
  const calls = await kanbanCalls(app, pro, lane.id)
  const ticketId = calls[0].ticketId
  for (const { method, url } of calls) t.equal((await call(app, method, url, pro.user.headers)).statusCode, 200, `${method} ${url} while on`)
  // The PUT's own frame is published by an event handler: let it go out before the socket that counts frames opens.
  await app.events.idle()
  const agent = await connect(app, pro.user.token, t)
  const event = `company-${pro.id}-kanban`
  await changeAndSettle(app, pro, ticketId, [agent], 1)
  t.equal(agent.count(event), 1, 'the agent receives kanban frames while the module is on')

  const toggle = (enabled: boolean) => call(app, 'PUT', '/modules/useKanban', pro.admin.headers, { enabled })
  t.equal((await toggle(false)).statusCode, 200)
  await app.events.idle()
  await agent.next((f) => f.event === `company-${pro.id}-modules`)
  for (const { method, url } of calls) {
    const res = await call(app, method, url, pro.user.headers)
    t.same([res.statusCode, res.json().error], [403, 'ERR_FEATURE_DISABLED'], `${method} ${url} once switched off`)
  }
  await changeAndSettle(app, pro, ticketId, [agent], 2)
  t.equal(agent.count(event), 1, 'no kanban frame after the switch')

  t.equal((await toggle(true)).statusCode, 200)
  await app.events.idle()
  t.equal((await call(app, 'GET', '/ticket/kanban', pro.user.headers)).statusCode, 200, 'back on within the plan')
  await changeAndSettle(app, pro, ticketId, [agent], 3)
  t.equal(agent.count(event), 2, 'the same socket receives the topic again')
})
