import t from 'tap'
import type { AuthContext } from '../auth/types.ts'
import { spyLogger } from '../testing/spy-logger.ts'
import { RealtimeHub } from './hub.ts'

const { log } = spyLogger()
const auth = (features: string[], profile: 'admin' | 'user' = 'user'): AuthContext => ({
  userId: 1, companyId: 1, name: 'U', email: 'u@example.test', profile, super: false, allTicket: 'desabled', tokenVersion: 0,
  features: new Set(features), dueDate: null, overdue: false, inactive: false, timezone: 'UTC', queueIds: [], permissions: new Set(),
})

t.test('a topic or room name registers once: a plugin cannot take over (or loosen) the core\'s', async (t) => {
  const hub = new RealtimeHub(log, 'zt')
  hub.registerTopic('auth', {})
  t.throws(() => hub.registerTopic('auth', { adminOnly: true }), { message: 'Realtime topic "auth" is already registered' })
  hub.registerRoom('notification', () => true)
  t.throws(() => hub.registerRoom('notification', () => true), { message: 'Realtime room "notification" is already registered' })
})

t.test('joining a room: unknown kinds are refused, a gated plugin\'s room needs its feature, then its authorizer decides', async (t) => {
  const hub = new RealtimeHub(log, 'zt')
  const asked: Array<string | undefined> = []
  hub.registerRoom('board', (_auth, arg) => {
    asked.push(arg)
    return arg !== 'private'
  }, 'useKanban')
  hub.registerRoom('adminsOnly', () => true)
  hub.registerTopic('adminsOnly', { adminOnly: true })
  t.equal(await hub.authorizeRoom(auth(['useKanban']), 'chatBox', '1'), false, 'no authorizer registered')
  t.equal(await hub.authorizeRoom(auth([]), 'board', '1'), false, 'the company lacks (or switched off) the feature')
  t.same(asked, [], 'the authorizer is not even asked')
  t.equal(await hub.authorizeRoom(auth(['useKanban']), 'board', '1'), true)
  t.equal(await hub.authorizeRoom(auth(['useKanban']), 'board', 'private'), false)
  t.equal(await hub.authorizeRoom(auth([]), 'adminsOnly', undefined), false, 'a room named like a gated topic follows its gate')
  t.equal(await hub.authorizeRoom(auth([], 'admin'), 'adminsOnly', undefined), true)
})
