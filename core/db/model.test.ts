import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { User, Setting } from '../accounts/models.ts'
import { ValidationError, type Pojo } from 'objection'
import { BaseModel, UnscopedTenantQueryError, toIso } from './model.ts'

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

t.test('toIso writes a date as toISOString does', async (t) => {
  const edges = [0, Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 1, 28, 9, 5, 7, 3), Date.UTC(2026, 10, 27, 12, 0, 0, 40)]
  let seed = 7
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const samples = [...edges, ...Array.from({ length: 2000 }, () => Math.floor(random() * Date.UTC(2100, 0, 1)))]
  const differing = samples.filter((ms) => toIso(new Date(ms)) !== new Date(ms).toISOString())
  t.same(differing, [], `${samples.length} dates from 1970 to 2100 and the edges of four-digit years`)
  t.equal(toIso(new Date(Date.UTC(99, 0, 1) - 1000 * 86_400_000 * 365)), new Date(Date.UTC(99, 0, 1) - 1000 * 86_400_000 * 365).toISOString(), 'other years as toISOString writes them')
  t.equal(toIso(new Date(Date.UTC(12000, 0, 1))), '+012000-01-01T00:00:00.000Z')
  t.throws(() => toIso(new Date(NaN)), RangeError, 'an invalid date still throws')
})

t.test('a model without a jsonSchema validates through its hooks only; one with a jsonSchema through objection\'s Ajv', async (t) => {
  const app = await build(t)
  const hooks: string[] = []
  class Plain extends BaseModel {
    static tableName = 'plain_probe'
    name?: string
    $beforeValidate(schema: never) {
      hooks.push(`before ${schema === null}`)
      return schema
    }
    $afterValidate(json: Pojo) {
      hooks.push(`after ${JSON.stringify(json)}`)
    }
  }
  class Schemed extends BaseModel {
    static tableName = 'schemed_probe'
    static jsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } }
  }
  t.same(Plain.fromJson({ name: 'x' }).name, 'x', 'the values come through as given')
  t.same(hooks, ['before true', 'after {"name":"x"}'], "objection's validation hooks still run, around it")
  // objection's static getValidator (not in its typings): what fromJson validates with.
  const validatorOf = (m: unknown) => (m as { getValidator(): unknown }).getValidator()
  class Other extends BaseModel {
    static tableName = 'other_probe'
  }
  t.equal(validatorOf(app.bind(Other)), validatorOf(Plain), 'one validator for every class without a schema: no Ajv is built for it')
  t.not(validatorOf(Schemed), validatorOf(Plain))
  t.throws(() => Schemed.fromJson({ name: 'x' }), ValidationError, 'a class with a jsonSchema is still validated')
  t.equal((Schemed.fromJson({ name: 'ok' }) as unknown as { name: string }).name, 'ok')
})
