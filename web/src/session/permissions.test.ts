import t from 'tap'
import { can, ACTIONS } from './permissions.ts'

t.test('permission checks', async (t) => {
  t.notOk(can(null, ACTIONS.editProfile))
  t.ok(can({ super: true, profile: 'user', permissions: [] }, ACTIONS.editProfile))
  t.ok(can({ profile: 'user', permissions: [ACTIONS.editQueues] }, ACTIONS.editQueues))
  t.notOk(can({ profile: 'admin', permissions: [] }, ACTIONS.editQueues), 'the server list wins')
  t.ok(can({ profile: 'admin' }, ACTIONS.editProfile), 'without a list, admins hold admin actions')
  t.notOk(can({ profile: 'user' }, ACTIONS.editProfile))
})
