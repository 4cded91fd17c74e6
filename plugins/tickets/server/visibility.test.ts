import t from 'tap'
import { build, connect, createUser } from '@zapdesk/plugin-api/testing'
import type { AuthContext } from '@zapdesk/plugin-api'
import { call, createContact, createWorld, linkQueues } from './tickets/test-helpers.ts'

/**
 * core.md section 6 rendered three ways (the check behind GET /tickets/:id, the SQL of the lists and boards, the
 * realtime audience): for every kind of user and ticket the three answer alike, and they answer what the spec says.
 */
t.test('one rule: the check, the SQL and the socket audience agree with the spec for every user and ticket', async (t) => {
  const app = await build(t)
  const w = await createWorld(app) // agent: sales + allTicket enabled; other: support, allTicket disabled
  const noQueues = await createUser(app, w.c.id, { name: 'Sem filas' })
  const both = await createUser(app, w.c.id, { name: 'Duas filas' })
  await linkQueues(app, w.c.id, both.id, [w.sales, w.support])
  const users = { admin: w.c.admin, agent: w.agent, other: w.other, noQueues, both }

  // One ticket per queue (none, sales, support) and holder (nobody, agent, other).
  const tickets: Array<{ id: number; queueId: number | null; userId: number | null; label: string }> = []
  for (const [qName, queueId] of [['none', null], ['sales', w.sales], ['support', w.support]] as const) {
    for (const [hName, userId] of [['nobody', null], ['agent', w.agent.id], ['other', w.other.id]] as const) {
      const contactId = await createContact(app, w.c.id, `${qName}-${hName}`)
      const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId, queueId, userId, status: userId ? 'open' : 'pending' })
      tickets.push({ id: ticket.id, queueId, userId, label: `${qName}/${hName}` })
    }
  }
  const labels = (ids: Iterable<number>) => tickets.filter((x) => [...ids].includes(x.id)).map((x) => x.label).sort()
  const spec: Record<keyof typeof users, string[]> = {
    admin: tickets.map((x) => x.label).sort(),
    agent: ['none/agent', 'none/nobody', 'none/other', 'sales/agent', 'sales/nobody', 'sales/other', 'support/agent'],
    other: ['none/other', 'sales/other', 'support/agent', 'support/nobody', 'support/other'],
    noQueues: [],
    both: ['sales/agent', 'sales/nobody', 'sales/other', 'support/agent', 'support/nobody', 'support/other'],
  }

  const sockets = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([k, u]) => [k, await connect(app, u.token, t)] as const)))
  for (const x of tickets) {
    app.realtime.publish({ companyId: w.c.id, topic: 'ticket', data: { action: 'probe', ticketId: x.id }, audience: app.tickets.visibility.audience(x) })
  }

  for (const [name, user] of Object.entries(users) as Array<[keyof typeof users, (typeof users)[keyof typeof users]]>) {
    const auth = (await app.authService.loadContext(user.id, 'any')) as AuthContext
    const byCheck = tickets.filter((x) => app.tickets.visibility.canSee(auth, x)).map((x) => x.id)
    const page = await app.tickets.boards.page(auth, { statuses: ['pending', 'open'], page: 1, pageSize: 50 })
    const byHttp: number[] = []
    for (const x of tickets) if ((await call(app, 'GET', `/tickets/${x.id}`, user.headers)).statusCode === 200) byHttp.push(x.id)
    const socket = sockets[name]
    await socket.sync()
    const bySocket = socket.frames.filter((f) => f.data?.action === 'probe').map((f) => Number(f.data!.ticketId))

    t.same(labels(byCheck), spec[name], `${name}: the check`)
    t.same(labels(page.tickets.map((x) => x.id)), spec[name], `${name}: the SQL`)
    t.same(labels(byHttp), spec[name], `${name}: GET /tickets/:id`)
    t.same(labels(bySocket), spec[name], `${name}: the socket, each frame once`)
    t.equal(bySocket.length, spec[name].length)
  }
})
