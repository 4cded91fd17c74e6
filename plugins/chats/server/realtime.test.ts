import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, connect, createCompanyWithUsers, createUser, onlyPlugin, type TestSocket } from '@zapdesk/plugin-api/testing'
import { call } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))
const chatFrames = (s: TestSocket, companyId: number) => s.frames.filter((f) => f.event === `company-${companyId}-chat`)
const messageFrames = (s: TestSocket, companyId: number) => s.frames.filter((f) => f.event === `company-${companyId}-chatMessage`)

t.test('live frames reach the members only: per user (list, unread counts) and per open chat (messages)', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const outsider = await createUser(app, c.id, { name: 'Fora' })
  const [owner, member, stranger, foreign] = await Promise.all([c.admin, c.user, outsider, other.admin].map((u) => connect(app, u.token, t)))

  const chat = (await call(app, 'POST', '/chats', c.admin.headers, { title: 'Turno', users: [{ id: c.user.id }] })).json()
  await member.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'create')
  member.send({ type: 'joinChat', chatId: chat.uuid })
  t.match(await member.next((f) => f.type === 'joined' || f.type === 'error'), { type: 'joined', room: `chat:${chat.uuid}` }, 'a member joins the chat\'s room')
  stranger.send({ type: 'joinChat', chatId: chat.uuid })
  t.match(await stranger.next((f) => f.type === 'joined' || f.type === 'error'), { type: 'error', error: 'ERR_NO_PERMISSION' }, 'a non-member of the same company may not')
  foreign.send({ type: 'join', room: 'chat', arg: chat.uuid })
  t.match(await foreign.next((f) => f.type === 'joined' || f.type === 'error'), { type: 'error' }, 'nor another company\'s user')

  await call(app, 'POST', `/chats/${chat.uuid}/messages`, c.admin.headers, { message: 'Alguém no plantão?' })
  const live = await member.next((f) => f.event === `company-${c.id}-chatMessage` && f.data?.action === 'new-message')
  t.match(live.data, { uuid: chat.uuid, message: { message: 'Alguém no plantão?', sender: { name: 'Admin' } } })
  const update = await member.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'update')
  t.match(update.data, { chat: { id: chat.id, lastMessage: 'Alguém no plantão?', users: [{ userId: c.admin.id, unreads: 0 }, { userId: c.user.id, unreads: 1 }] } }, 'the member\'s list learns the unread count')
  await owner.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'update')
  t.equal(messageFrames(owner, c.id).length, 0, 'messages go to sockets that opened the chat only')

  await call(app, 'POST', `/chats/${chat.uuid}/read`, c.user.headers)
  await member.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'update' && (f.data.chat as { users: Array<{ unreads: number }> }).users[1].unreads === 0)
  await call(app, 'PUT', `/chats/${chat.uuid}`, c.admin.headers, { title: 'Turno da noite' })
  t.match((await member.next((f) => f.event === `company-${c.id}-chatMessage` && f.data?.action === 'update')).data, { chat: { title: 'Turno da noite' } }, 'the open chat hears of its update')

  await call(app, 'PUT', `/chats/${chat.uuid}`, c.admin.headers, { users: [] as object[] }).then((r) => t.equal(r.statusCode, 400, 'a chat keeps at least one chosen member'))
  await call(app, 'PUT', `/chats/${chat.uuid}`, c.admin.headers, { users: [{ id: outsider.id }] })
  t.match((await member.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'delete')).data, { chatId: chat.id, uuid: chat.uuid }, 'a removed member is told the chat is gone')
  t.match((await stranger.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'create')).data, { chat: { id: chat.id } }, 'an added one that it appeared')
  const before = messageFrames(member, c.id).length
  await call(app, 'POST', `/chats/${chat.uuid}/messages`, c.admin.headers, { message: 'Só para quem ficou' })
  await stranger.next((f) => f.event === `company-${c.id}-chat` && (f.data?.chat as { lastMessage?: string })?.lastMessage === 'Só para quem ficou')
  await Promise.all([member.sync(), foreign.sync()])
  t.equal(messageFrames(member, c.id).length, before, 'the removed member, still in the room, hears no new message')
  t.notOk(chatFrames(member, c.id).some((f) => (f.data?.chat as { lastMessage?: string })?.lastMessage === 'Só para quem ficou'), 'nor the list update')

  await call(app, 'DELETE', `/chats/${chat.uuid}`, c.admin.headers)
  await stranger.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'delete')
  await foreign.sync()
  t.equal(foreign.frames.filter((f) => f.event?.includes('-chat')).length, 0, 'another company hears nothing at all')
})

t.test('a company without useInternalChat gets no routes and no frames', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const chat = (await call(app, 'POST', '/chats', c.admin.headers, { title: 'Antes', users: [{ id: c.user.id }] })).json()
  const plan = await app.knex('plans').where({ name: 'PRO' }).first()
  const features = (typeof plan.features === 'string' ? JSON.parse(plan.features) : plan.features) as string[]
  await app.knex('plans').where({ id: plan.id }).update({ features: JSON.stringify(features.filter((f) => f !== 'useInternalChat')) })
  t.teardown(() => app.knex('plans').where({ id: plan.id }).update({ features: JSON.stringify(features) }))
  const off = await call(app, 'GET', '/chats', c.user.headers)
  t.equal(off.statusCode, 403)
  t.equal(off.json().error, 'ERR_FEATURE_DISABLED')
  t.equal((await call(app, 'POST', `/chats/${chat.uuid}/messages`, c.admin.headers, { message: 'x' })).statusCode, 403)
})

t.test('a deleted user leaves the chat live: the remaining members get the chat without them', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const dora = await createUser(app, c.id, { name: 'Dora' })
  const chat = (await call(app, 'POST', '/chats', dora.headers, { title: 'Da Dora', users: [{ id: c.user.id }] })).json()
  const member = await connect(app, c.user.token, t)
  t.equal((await call(app, 'DELETE', `/users/${dora.id}`, c.admin.headers)).statusCode, 204)
  const frame = await member.next((f) => f.event === `company-${c.id}-chat` && f.data?.action === 'update')
  t.match(frame.data, { chat: { id: chat.id, ownerId: c.user.id } })
  t.same((frame.data?.chat as { users: Array<{ userId: number }> }).users.map((u) => u.userId), [c.user.id], 'Dora is gone from its members')
})
