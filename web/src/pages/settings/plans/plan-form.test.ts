import t from 'tap'
import { emptyPlan, planPayload, planToForm, validatePlan } from './plan-form.ts'

t.test('plan form', async (t) => {
  const v = emptyPlan(['useKanban', 'useOpenAi'])
  t.same(v.features, { useKanban: true, useOpenAi: true }, 'new plans start with every feature on')
  t.same(validatePlan(v), { name: 'validation.required' })
  t.same(validatePlan({ ...v, name: 'Pro', users: '-1' }), { users: 'validation.required' })
  t.same(planPayload({ ...v, name: ' Pro ', users: '5', value: '99.9' }), {
    name: 'Pro', users: 5, connections: 0, queues: 0, value: 99.9, term: 'MENSAL', bankPlanID: null, useKanban: true, useOpenAi: true,
  })
  const back = planToForm({ id: 1, name: 'Pro', users: 3, connections: 1, queues: 2, value: 10, term: 'ANUAL', useKanban: false, useCampaigns: true }, ['useKanban', 'useOpenAi'])
  t.same(back.features, { useKanban: false, useOpenAi: false, useCampaigns: true })
  t.equal(back.term, 'ANUAL')
})
