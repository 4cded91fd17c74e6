import t from 'tap'
import { signupPayload, defaultPlanId } from './signup-payload.ts'

t.test('signup payload follows the spec', async (t) => {
  const p = signupPayload({ name: ' Acme ', userName: ' Ana Lima ', email: 'a@acme.com ', phone: '(11) 98765-4321', password: 'secret' }, new Date(2025, 0, 28))
  t.same(p, {
    name: 'Acme',
    userName: 'Ana Lima',
    email: 'a@acme.com',
    phone: '11987654321',
    password: 'secret',
    planId: 2,
    recurrence: 'MENSAL',
    dueDate: '2025-02-04',
    status: true,
    campaignsEnabled: true,
  })
  t.equal(signupPayload({ name: 'A', userName: 'Bia', email: 'b', phone: '', password: 'c', planId: 5 }, new Date(), '7').companyId, 7)
  t.equal(signupPayload({ name: 'A', userName: 'Bia', email: 'b', phone: '', password: 'c', planId: 5 }, new Date()).planId, 5)
})

t.test('default plan', async (t) => {
  t.equal(defaultPlanId([{ id: 1 }, { id: 2 }]), 2)
  t.equal(defaultPlanId([{ id: 4 }]), 4)
  t.equal(defaultPlanId([]), null)
})
