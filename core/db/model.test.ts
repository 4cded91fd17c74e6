import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { User, Setting } from '../accounts/models.ts'
import { UnscopedTenantQueryError } from './model.ts'

t.test('tenant models refuse queries that do not say whose rows they reach', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const Users = app.bind(User)
  await t.rejects(async () => Users.query(), UnscopedTenantQueryError)
  await t.rejects(async () => Users.query().findById(a.admin.id), UnscopedTenantQueryError)
  await t.rejects(async () => Users.query().patch({ name: 'x' }), UnscopedTenantQueryError, 'updates too')
  await t.rejects(async () => Users.query().delete(), UnscopedTenantQueryError, 'and deletes')

  const mine = await Users.query().forCompany(a.id)
  t.same(mine.map((u) => u.companyId), [a.id, a.id])
  t.equal(await Users.query().forCompany(a.id).findById(b.admin.id), undefined, 'a foreign id is not found')
  t.equal(await Users.query().forCompany(a.id).findById(b.admin.id).patch({ name: 'hijack' }), 0, 'nor patched')
  t.equal((await Users.query().unscoped().findById(b.admin.id))?.name, 'Admin', 'unscoped is explicit')

  const s = await app.bind(Setting).query().forCompany(a.id).insert({ key: 'custom', value: '1' })
  t.equal(s.companyId, a.id, 'inserts are stamped with the company')
  await t.rejects(async () => app.bind(Setting).query().forCompany(a.id).insert({ key: 'x', value: '1', companyId: b.id }), UnscopedTenantQueryError, 'a foreign companyId on insert is refused')
})

t.test('dates and booleans read the same on both databases', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const u = await app.bind(User).query().forCompany(a.id).findById(a.admin.id)
  t.match(u!.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.equal(u!.super, false)
  t.equal(typeof u!.online, 'boolean')
})
