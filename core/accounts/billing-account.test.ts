import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'
import { writeSetting } from './settings.ts'
import { todayIn } from '../auth/service.ts'
import { addMonths } from './due-date.ts'
import { billingCompany, billingCompaniesDueBy, changeCompanyPlan, companyUserCount, extendDueDate, platformSetting } from './billing-account.ts'
import { Plan } from './models.ts'
import { NO_PLUGINS_DIR } from '../testing/fixtures/third-party/paths.ts'

// The kernel alone: these services name no plugin.
const kernelOnly = { pluginsDir: NO_PLUGINS_DIR, config: { plugins: [] as string[] } }

t.test('billing reads a company\'s plan and due date, extends it by its recurrence and unlocks it at once', async (t) => {
  const app = await build(t, kernelOnly)
  const late = await createCompanyWithUsers(app, { dueDate: '2020-01-10' })
  const c = await billingCompany(app, late.id)
  t.equal(c!.dueDate, '2020-01-10')
  t.equal(c!.recurrence, 'MENSAL')
  t.equal(c!.plan!.name, 'PRO')
  t.equal(c!.plan!.value, 199)
  t.equal(await billingCompany(app, 999999), null)
  t.equal((await app.inject({ method: 'GET', url: '/api/users/list', headers: late.admin.headers })).statusCode, 402)

  const today = todayIn('America/Sao_Paulo')
  const next = await extendDueDate(app, late.id)
  t.equal(next, addMonths(today, 1), 'a past due date counts from today')
  t.equal((await app.inject({ method: 'GET', url: '/api/users/list', headers: late.admin.headers })).statusCode, 200, 'unlocked')
  t.equal(await extendDueDate(app, late.id), addMonths(next, 1), 'a future one moves from itself')

  const due = await billingCompaniesDueBy(app, today)
  t.notOk(due.some((d) => d.id === late.id), 'no longer due')
  const other = await createCompanyWithUsers(app, { dueDate: today })
  t.ok((await billingCompaniesDueBy(app, today)).some((d) => d.id === other.id))
})

t.test('plan change, user count and the platform\'s settings', async (t) => {
  const app = await build(t, kernelOnly)
  const c = await createCompanyWithUsers(app)
  const basic = await app.bind(Plan).query().findOne({ name: 'Básico' })
  await changeCompanyPlan(app, c.id, basic!.id)
  t.equal((await billingCompany(app, c.id))!.plan!.name, 'Básico')
  await t.rejects(changeCompanyPlan(app, c.id, 999999), { code: 'ERR_NO_PLAN_FOUND' })
  t.equal(await companyUserCount(app, c.id), 2)

  t.equal(await platformSetting(app, 'asaas'), '', 'no super user yet')
  const root = await createSuper(app)
  await writeSetting(app, c.id, 'asaas', 'not-the-platform')
  await writeSetting(app, root.companyId, 'asaas', '$aact_platform')
  t.equal(await platformSetting(app, 'asaas'), '$aact_platform')
})
