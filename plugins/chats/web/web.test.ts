import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { appendMessage, byActivity, checkChatForm, emptyMessages, formValuesOf, mergeMessages, otherMembers, shouldSend, unreadOf } from './chat-rules.ts'
import type { Chat, ChatMessage } from './types.ts'

const chat = (over: Partial<Chat> = {}): Chat => ({
  id: 1, uuid: 'u1', companyId: 1, title: 'Equipe', ownerId: 10, lastMessage: null, createdAt: null, updatedAt: '2026-01-01T10:00:00.000Z',
  users: [{ userId: 10, unreads: 0, user: { id: 10, name: 'Ana' } }, { userId: 11, unreads: 3, user: { id: 11, name: 'Bia' } }, { userId: 12, unreads: 0, user: null }],
  ...over,
})
const msg = (id: number, senderId = 10): ChatMessage => ({ id, chatId: 1, senderId, sender: { id: senderId, name: 'x' }, message: `m${id}`, createdAt: null })

t.test('translations: the spec\'s Portuguese alerts', async (t) => {
  t.equal(pt.dialog.titleRequired, 'Por favor, preencha o título da conversa.')
  t.equal(pt.dialog.usersRequired, 'Por favor, selecione pelo menos um usuário.')
})

t.test('unread counts, members shown, order of the list', async (t) => {
  t.equal(unreadOf(chat(), 11), 3)
  t.equal(unreadOf(chat(), 99), 0, 'not a member: nothing unread')
  t.same(otherMembers(chat(), 10), ['Bia'], 'the viewer and deleted users are left out')
  const older = chat({ id: 2, updatedAt: '2026-01-01T09:00:00.000Z' })
  const tie = chat({ id: 3 })
  t.same([older, chat(), tie].sort(byActivity).map((c) => c.id), [3, 1, 2], 'newest activity first, the newer chat on a tie')
})

t.test('the dialog: title and at least one user; editing lists the members but the owner', async (t) => {
  t.same(checkChatForm({ title: 'Ok', userIds: [2] }), {})
  t.same(checkChatForm({ title: '  ', userIds: [] }), { title: 'chats:dialog.titleRequired', userIds: 'chats:dialog.usersRequired' })
  t.same(formValuesOf(chat()), { title: 'Equipe', userIds: [11, 12] })
  t.same(formValuesOf(undefined), { title: '', userIds: [] })
})

t.test('message pages: older pages in front, live messages once and in order', async (t) => {
  let s = mergeMessages(emptyMessages(), 1, [msg(21), msg(22)], true)
  s = appendMessage(s, msg(23))
  s = appendMessage(s, msg(23))
  t.same(s.messages.map((m) => m.id), [21, 22, 23])
  s = mergeMessages(s, 2, [msg(19), msg(20), msg(21)], false)
  t.same(s.messages.map((m) => m.id), [19, 20, 21, 22, 23], 'an overlapping older page adds only what was missing')
  t.equal(s.hasMore, false)
  t.same(mergeMessages(s, 1, [msg(22), msg(23)], true).messages.map((m) => m.id), [22, 23], 'page 1 again starts over')
  t.same(mergeMessages({ messages: [msg(30)], page: 0, hasMore: true }, 1, [msg(28), msg(29)], false).messages.map((m) => m.id), [28, 29, 30], 'a live message that overtook page 1 stays')
})

t.test('Enter sends a non-blank message; Shift+Enter does not', async (t) => {
  t.ok(shouldSend('Enter', false, 'oi'))
  t.notOk(shouldSend('Enter', false, '   '))
  t.notOk(shouldSend('Enter', true, 'oi'))
  t.notOk(shouldSend('a', false, 'oi'))
})
