import t from 'tap'
import type { AuthContext } from '../auth/types.ts'
import { shouldDeliver, type SocketView } from './delivery.ts'

const auth = (over: Partial<AuthContext> = {}): AuthContext => ({
  userId: 1, companyId: 1, name: 'U', email: 'u@example.test', profile: 'user', super: false, allTicket: 'desabled', tokenVersion: 3,
  features: new Set(['useKanban']), dueDate: null, overdue: false, inactive: false, timezone: 'UTC', queueIds: [], permissions: new Set(['tags:editKanban']), ...over,
})
const socket = (over: Partial<AuthContext> = {}, rooms: string[] = []): SocketView => ({ auth: auth(over), rooms: new Set(rooms) })

const agent = socket()
const admin = socket({ userId: 2, profile: 'admin' })
const superUser = socket({ userId: 3, super: true })

t.test('an unregistered topic reaches no one', async (t) => {
  t.equal(shouldDeliver(admin, undefined, undefined), false)
})

t.test('the topic gate: plan feature, permission, admins only', async (t) => {
  t.equal(shouldDeliver(agent, {}, undefined), true, 'an open topic, no audience: everyone')
  t.equal(shouldDeliver(agent, { feature: 'useKanban' }, undefined), true)
  t.equal(shouldDeliver(agent, { feature: 'useCampaigns' }, undefined), false, 'the company lacks the feature')
  t.equal(shouldDeliver(superUser, { feature: 'useCampaigns' }, undefined), false, 'not even a super user, whose company lacks it')
  t.equal(shouldDeliver(agent, { permission: 'tags:editKanban' }, undefined), true)
  t.equal(shouldDeliver(agent, { permission: 'settings:edit' }, undefined), false)
  t.equal(shouldDeliver(agent, { adminOnly: true }, undefined), false)
  t.equal(shouldDeliver(admin, { adminOnly: true }, undefined), true)
  t.equal(shouldDeliver(superUser, { adminOnly: true }, undefined), true, 'super users count as admins')
  t.equal(shouldDeliver(admin, { adminOnly: true, feature: 'useCampaigns' }, { admins: true }), false, 'the gate comes before the audience')
})

t.test('userIds and admins: either one admits', async (t) => {
  t.equal(shouldDeliver(agent, {}, { userIds: [1] }), true)
  t.equal(shouldDeliver(agent, {}, { userIds: [9] }), false)
  t.equal(shouldDeliver(admin, {}, { userIds: [9] }), false, 'an admin is not a named user')
  t.equal(shouldDeliver(admin, {}, { admins: true }), true)
  t.equal(shouldDeliver(agent, {}, { admins: true }), false)
  t.equal(shouldDeliver(agent, {}, { admins: true, userIds: [1] }), true)
  t.equal(shouldDeliver(agent, {}, { admins: false }), true, 'admins: false narrows nothing')
  t.equal(shouldDeliver(agent, {}, { userIds: [] }), false, 'an empty list of users reaches no one')
})

t.test('queueIds: users of one of the queues, and every admin', async (t) => {
  const queued = socket({ queueIds: [4, 5] })
  t.equal(shouldDeliver(queued, {}, { queueIds: [5, 6] }), true)
  t.equal(shouldDeliver(queued, {}, { queueIds: [6] }), false)
  t.equal(shouldDeliver(agent, {}, { queueIds: [6] }), false, 'a user in no queue')
  t.equal(shouldDeliver(admin, {}, { queueIds: [6] }), true)
  t.equal(shouldDeliver(superUser, {}, { queueIds: [6] }), true)
})

t.test('queueBypassUserIds: a named user passes the queue filter, others still need the queue', async (t) => {
  const queued = socket({ queueIds: [4] })
  t.equal(shouldDeliver(agent, {}, { queueIds: [6], queueBypassUserIds: [agent.auth.userId] }), true)
  t.equal(shouldDeliver(queued, {}, { queueIds: [6], queueBypassUserIds: [agent.auth.userId + 1000] }), false)
})

t.test('withoutQueue: users who see tickets without a queue (allTicket) pass the queue filter; no one else', async (t) => {
  const allowed = socket({ allTicket: 'enabled', queueIds: [4] })
  t.equal(shouldDeliver(allowed, {}, { queueIds: [], withoutQueue: true }), true)
  t.equal(shouldDeliver(agent, {}, { queueIds: [], withoutQueue: true }), false, 'allTicket disabled')
  t.equal(shouldDeliver(allowed, {}, { queueIds: [6] }), false, 'allTicket is not every queue')
  t.equal(shouldDeliver(admin, {}, { queueIds: [], withoutQueue: true }), true)
})

t.test('rooms: sockets that joined any of them', async (t) => {
  const inRoom = socket({}, ['notification', 'chatBox:12'])
  t.equal(shouldDeliver(inRoom, {}, { rooms: ['chatBox:12'] }), true)
  t.equal(shouldDeliver(inRoom, {}, { rooms: ['chatBox:13', 'notification'] }), true)
  t.equal(shouldDeliver(inRoom, {}, { rooms: ['chatBox:1'] }), false, 'no prefix matching: chatBox:1 is not chatBox:12')
  t.equal(shouldDeliver(admin, {}, { rooms: ['notification'] }), false, 'rooms apply to admins as well')
})

t.test('every field narrows: all must hold', async (t) => {
  const queued = socket({ queueIds: [5] }, ['tickets:open'])
  t.equal(shouldDeliver(queued, {}, { userIds: [1], queueIds: [5], rooms: ['tickets:open'] }), true)
  t.equal(shouldDeliver(queued, {}, { userIds: [1], queueIds: [5], rooms: ['tickets:pending'] }), false)
  t.equal(shouldDeliver(queued, {}, { userIds: [2], queueIds: [5], rooms: ['tickets:open'] }), false)
  t.equal(shouldDeliver(queued, {}, { userIds: [1], queueIds: [6], rooms: ['tickets:open'] }), false)
})
