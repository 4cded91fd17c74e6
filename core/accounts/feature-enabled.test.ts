import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { writeSetting } from './settings.ts'
import { featureEnabled } from './feature-enabled.ts'
import { forgetModules } from './switched-off.ts'

t.test('a feature is on while the plan has it and the company has not switched it off', async (t) => {
  const app = await build(t)
  const pro = await createCompanyWithUsers(app)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  t.equal(await featureEnabled(app, pro.id, 'useOpenAi'), true)
  t.equal(await featureEnabled(app, basic.id, 'useOpenAi'), false, 'not in the plan')
  t.equal(await featureEnabled(app, basic.id, 'useSchedules'), true)
  await app.knex('companyModules').insert({ companyId: pro.id, feature: 'useOpenAi', enabled: false })
  // Written behind modules.ts's back: the kept copy is dropped by hand, as that route does.
  forgetModules(app, pro.id)
  t.equal(await featureEnabled(app, pro.id, 'useOpenAi'), false, 'switched off by the company')
  await writeSetting(app, pro.id, 'campaignsEnabled', 'false')
  t.equal(await featureEnabled(app, pro.id, 'useCampaigns'), false, 'the spec\'s campaignsEnabled setting is the campaigns switch')
  t.equal(await featureEnabled(app, 999999, 'useOpenAi'), false, 'no such company')
})
