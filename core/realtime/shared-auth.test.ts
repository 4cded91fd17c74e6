import t from 'tap'
import type { AuthContext } from '../auth/types.ts'
import { SharedAuthParts } from './shared-auth.ts'

const ctx = (userId: number, features: string[], permissions: string[], queueIds: number[]): AuthContext => ({
  userId, companyId: 1, name: `U${userId}`, email: `u${userId}@example.test`, profile: 'user', super: false, allTicket: 'desabled', tokenVersion: 0,
  features: new Set(features), dueDate: null, overdue: false, inactive: false, timezone: 'UTC', queueIds, permissions: new Set(permissions),
})

t.test('sockets holding equal feature sets, permission sets and queue lists share one copy', async (t) => {
  const shared = new SharedAuthParts()
  const original = ctx(1, ['useKanban', 'useCampaigns'], ['tickets:open'], [3, 4])
  const a = shared.share(original)
  const b = shared.share(ctx(2, ['useCampaigns', 'useKanban'], ['tickets:open'], [3, 4]))
  const c = shared.share(ctx(3, ['useKanban'], [], [4, 3]))
  t.equal(b.features, a.features, 'the same features in another order: shared')
  t.equal(b.permissions, a.permissions)
  t.equal(b.queueIds, a.queueIds)
  t.not(c.features, a.features, 'different sets stay apart')
  t.not(c.queueIds, a.queueIds)
  t.same([b.userId, b.name, [...b.features].sort()], [2, 'U2', ['useCampaigns', 'useKanban']], 'the rest of each context is its own')
  t.not(a, original, 'a copy: the context given is not changed')
  t.equal(original.userId, 1)
})
