import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, createCompanyWithUsers, createUser, onlyPlugin } from '@zapdesk/plugin-api/testing'
import { call, memberIds, unreadsOf } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

t.test('create, list, show, rename, change members and delete a chat; only the owner changes it', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const carla = await createUser(app, c.id, { name: 'Carla' })
  const created = await call(app, 'POST', '/chats', c.admin.headers, { title: ' Equipe de vendas ', users: [{ id: c.user.id, name: 'ignored' }] })
  t.equal(created.statusCode, 201, created.body)
  const chat = created.json()
  t.match(chat, { title: 'Equipe de vendas', ownerId: c.admin.id, companyId: c.id, lastMessage: null, uuid: /^[0-9a-f-]{36}$/ })
  t.same(memberIds(chat), [c.admin.id, c.user.id].sort((a, b) => a - b), 'the owner is always a member')
  t.match(chat.users.find((u: { userId: number }) => u.userId === c.user.id), { unreads: 0, user: { id: c.user.id, name: 'Agent' } })

  t.equal((await call(app, 'GET', `/chats/${chat.uuid}`, c.user.headers)).json().id, chat.id, 'a member opens it by uuid')
  t.equal((await call(app, 'GET', `/chats/${chat.id}`, c.user.headers)).json().uuid, chat.uuid, 'or by id')
  const outsider = await call(app, 'GET', `/chats/${chat.uuid}`, carla.headers)
  t.equal(outsider.statusCode, 404, 'a user of the company who is not a member does not see it')
  t.equal(outsider.json().error, 'ERR_NO_CHAT_FOUND')
  t.same((await call(app, 'GET', '/chats', carla.headers)).json(), { records: [], count: 0, hasMore: false }, 'nor lists it')
  for (const [method, url, body] of [['PUT', `/chats/${chat.id}`, { title: 'x' }], ['DELETE', `/chats/${chat.id}`], ['POST', `/chats/${chat.id}/read`, {}], ['GET', `/chats/${chat.id}/messages`], ['POST', `/chats/${chat.id}/messages`, { message: 'oi' }]] as const) {
    const res = await call(app, method, url, carla.headers, body)
    t.equal(res.statusCode, 404, `a non-member's ${method} ${url.replace(/\d+/, ':id')} -> 404`)
  }

  const private_ = (await call(app, 'POST', '/chats', c.user.headers, { title: 'Só nós dois', users: [{ id: carla.id }] })).json()
  t.equal((await call(app, 'GET', `/chats/${private_.uuid}`, c.admin.headers)).statusCode, 404, 'being the company\'s admin does not open a chat one is not in')
  t.notOk((await call(app, 'GET', '/chats', c.admin.headers)).json().records.some((r: { id: number }) => r.id === private_.id), 'nor list it')

  const notOwner = await call(app, 'PUT', `/chats/${chat.uuid}`, c.user.headers, { title: 'Tomada' })
  t.equal(notOwner.statusCode, 403)
  t.equal(notOwner.json().error, 'ERR_CHAT_OWNER_ONLY')
  t.equal((await call(app, 'DELETE', `/chats/${chat.uuid}`, c.user.headers)).json().error, 'ERR_CHAT_OWNER_ONLY', 'members do not delete it either')

  const renamed = await call(app, 'PUT', `/chats/${chat.uuid}`, c.admin.headers, { title: 'Vendas', users: [{ id: carla.id }] })
  t.equal(renamed.statusCode, 200, renamed.body)
  t.equal(renamed.json().title, 'Vendas')
  t.same(memberIds(renamed.json()), [c.admin.id, carla.id].sort((a, b) => a - b), 'the member list is replaced; the owner stays')
  t.equal((await call(app, 'GET', `/chats/${chat.uuid}`, c.user.headers)).statusCode, 404, 'the removed member lost it')
  t.equal((await call(app, 'GET', `/chats/${chat.uuid}`, carla.headers)).statusCode, 200, 'the added one has it')
  t.equal((await call(app, 'PUT', `/chats/${chat.uuid}`, c.admin.headers, { title: 'Só título' })).json().users.length, 2, 'members untouched when not sent')

  t.equal((await call(app, 'DELETE', `/chats/${chat.uuid}`, c.admin.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/chats/${chat.uuid}`, c.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', '/chats', carla.headers)).json().count, 1, 'only the chat she is in remains')
})

t.test('bad input is refused with ERR_ codes: blank title, no users, users of another company', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  for (const body of [{ title: '   ', users: [{ id: c.user.id }] }, { title: 'Sem gente', users: [] }, { title: 'Faltou' }, { users: [{ id: c.user.id }] },
    { title: 'x'.repeat(256), users: [{ id: c.user.id }] }, { title: 'Estranho', users: [{ id: other.user.id }] }, { title: 'Nada', users: [{ id: 'a' }] }]) {
    const res = await call(app, 'POST', '/chats', c.admin.headers, body)
    t.equal(res.statusCode, 400, `refused: ${JSON.stringify(body).slice(0, 50)}`)
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  t.equal((await call(app, 'GET', '/chats', other.user.headers)).json().count, 0, 'the other company\'s user was not put in any chat')
  const chat = (await call(app, 'POST', '/chats', c.admin.headers, { title: 'Ok', users: [{ id: c.user.id }] })).json()
  t.equal((await call(app, 'PUT', `/chats/${chat.id}`, c.admin.headers, { users: [{ id: other.admin.id }] })).json().error, 'ERR_VALIDATION', 'nor added later')
  t.equal((await call(app, 'POST', `/chats/${chat.id}/messages`, c.user.headers, { message: '   ' })).json().error, 'ERR_VALIDATION', 'a blank message is not sent')
  t.equal((await call(app, 'GET', '/chats/abc', c.admin.headers)).json().error, 'ERR_VALIDATION')
  t.equal((await call(app, 'GET', '/chats/9999999999', c.admin.headers)).statusCode, 404, 'an id past the integer range is just not found')
  t.equal((await call(app, 'GET', '/chats/00000000-0000-0000-0000-000000000000', c.admin.headers)).statusCode, 404)
  const someoneElse = await call(app, 'POST', `/chats/${chat.id}/read`, c.admin.headers, { userId: c.user.id })
  t.equal(someoneElse.statusCode, 403, 'nobody marks a chat read for someone else')
  t.equal(someoneElse.json().error, 'ERR_NO_PERMISSION')
})

t.test('messages: unread counts, read marks, last message, paging from the newest', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const carla = await createUser(app, c.id, { name: 'Carla' })
  const chat = (await call(app, 'POST', '/chats', c.admin.headers, { title: 'Plantão', users: [{ id: c.user.id }, { id: carla.id }] })).json()
  const sent = await call(app, 'POST', `/chats/${chat.uuid}/messages`, c.admin.headers, { message: 'Bom dia, equipe' })
  t.equal(sent.statusCode, 201, sent.body)
  t.match(sent.json(), { chatId: chat.id, senderId: c.admin.id, sender: { id: c.admin.id, name: 'Admin' }, message: 'Bom dia, equipe', createdAt: String })
  await call(app, 'POST', `/chats/${chat.uuid}/messages`, c.user.headers, { message: 'Bom dia!' })

  const seen = (await call(app, 'GET', '/chats', carla.headers)).json().records[0]
  t.equal(seen.lastMessage, 'Bom dia!')
  t.equal(unreadsOf(seen, carla.id), 2, 'two unread for the one who said nothing')
  t.equal(unreadsOf(seen, c.admin.id), 1, 'the sender\'s own messages are not unread for them')
  t.equal(unreadsOf(seen, c.user.id), 1)
  t.same((await call(app, 'GET', '/chats?unreadOnly=true', carla.headers)).json().records.map((r: { id: number }) => r.id), [chat.id])

  const read = await call(app, 'POST', `/chats/${chat.uuid}/read`, carla.headers, { userId: carla.id })
  t.equal(read.statusCode, 200, read.body)
  t.equal(unreadsOf(read.json(), carla.id), 0)
  t.equal(unreadsOf(read.json(), c.admin.id), 1, 'only the reader\'s count moves')
  t.equal((await call(app, 'GET', '/chats?unreadOnly=true', carla.headers)).json().count, 0)
  t.equal((await call(app, 'POST', `/chats/${chat.uuid}/read`, c.admin.headers)).statusCode, 200, 'the spec\'s userId may be left out')

  for (let i = 1; i <= 43; i++) await call(app, 'POST', `/chats/${chat.id}/messages`, carla.headers, { message: `n${i}` })
  const first = (await call(app, 'GET', `/chats/${chat.uuid}/messages`, c.user.headers)).json()
  t.equal(first.count, 45)
  t.equal(first.hasMore, true)
  t.same(first.records.map((m: { message: string }) => m.message), Array.from({ length: 20 }, (_, i) => `n${i + 24}`), 'the newest 20, oldest first')
  const third = (await call(app, 'GET', `/chats/${chat.uuid}/messages?pageNumber=3`, c.user.headers)).json()
  t.same(third.records.map((m: { message: string }) => m.message), ['Bom dia, equipe', 'Bom dia!', 'n1', 'n2', 'n3'])
  t.equal(third.hasMore, false)
  t.equal((await call(app, 'GET', `/chats/${chat.uuid}/messages?pageNumber=0`, c.user.headers)).json().error, 'ERR_VALIDATION')
})

t.test('the chat list: most recently active first, title search ignoring case, pages of 20', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const ids: number[] = []
  for (let i = 1; i <= 22; i++) ids.push((await call(app, 'POST', '/chats', c.admin.headers, { title: `Sala ${i}`, users: [{ id: c.user.id }] })).json().id)
  await call(app, 'POST', `/chats/${ids[0]}/messages`, c.user.headers, { message: 'subiu' })
  const page1 = (await call(app, 'GET', '/chats', c.admin.headers)).json()
  t.equal(page1.count, 22)
  t.equal(page1.hasMore, true)
  t.equal(page1.records.length, 20)
  t.equal(page1.records[0].title, 'Sala 1', 'a new message brings a chat to the top')
  const page2 = (await call(app, 'GET', '/chats?pageNumber=2', c.admin.headers)).json()
  t.same(page2.records.map((r: { title: string }) => r.title), ['Sala 3', 'Sala 2'])
  t.equal(page2.hasMore, false)
  t.same((await call(app, 'GET', '/chats?searchParam=SALA 2', c.admin.headers)).json().records.map((r: { title: string }) => r.title).sort(), ['Sala 2', 'Sala 20', 'Sala 21', 'Sala 22'])
  t.equal((await call(app, 'GET', '/chats?searchParam=100%25', c.admin.headers)).json().count, 0, 'like wildcards are plain text')
})

t.test('a deleted user leaves their chats; a chat whose owner left passes to the next member; an empty chat goes', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const c = await createCompanyWithUsers(app)
  const dora = await createUser(app, c.id, { name: 'Dora' })
  const owned = (await call(app, 'POST', '/chats', dora.headers, { title: 'Da Dora', users: [{ id: c.user.id }, { id: c.admin.id }] })).json()
  const alone = (await call(app, 'POST', '/chats', dora.headers, { title: 'Só eu', users: [{ id: dora.id }] })).json()
  await call(app, 'POST', `/chats/${owned.id}/messages`, dora.headers, { message: 'Até mais' })
  const gone = await call(app, 'DELETE', `/users/${dora.id}`, c.admin.headers)
  t.equal(gone.statusCode, 204, gone.body)
  // The chats leave the user in a user.deleted handler: wait for the handlers, not for a guessed time.
  await app.events.idle()
  const after = (await call(app, 'GET', `/chats/${owned.uuid}`, c.user.headers)).json()
  t.same(memberIds(after), [c.admin.id, c.user.id].sort((a, b) => a - b), 'Dora is no longer a member')
  t.equal(after.ownerId, c.user.id, 'the member who joined first after her owns it now')
  t.equal((await call(app, 'PUT', `/chats/${owned.uuid}`, c.user.headers, { title: 'Herdada' })).statusCode, 200)
  const messages = (await call(app, 'GET', `/chats/${owned.uuid}/messages`, c.user.headers)).json().records
  t.match(messages, [{ message: 'Até mais', senderId: dora.id, sender: null }], 'her messages stay, without a name')
  t.equal(await app.knex('chats').where({ id: alone.id }).first(), undefined, 'the chat only she was in is gone')
  t.equal(await app.knex('chat_users').where({ userId: dora.id }).first(), undefined)
})
