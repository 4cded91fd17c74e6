import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { validationDetails } from './validation-details.ts'

t.test('a union of constants is said once, with the values it accepts; a union of types names them', async (t) => {
  const constants = validationDetails([
    { keyword: 'const', instancePath: '/status', message: 'must be equal to constant', params: { allowedValue: 'open' } },
    { keyword: 'const', instancePath: '/status', message: 'must be equal to constant', params: { allowedValue: 'closed' } },
    { keyword: 'anyOf', instancePath: '/status', message: 'must match a schema in anyOf', params: {} },
  ], 'body')
  t.same(constants.details, [{ field: 'body/status', message: 'must be one of: open, closed', allowed: ['open', 'closed'] }])
  t.equal(constants.message, 'body/status must be one of: open, closed')
  const types = validationDetails([
    { keyword: 'type', instancePath: '/queueId', message: 'must be integer', params: { type: 'integer' } },
    { keyword: 'type', instancePath: '/queueId', message: 'must be null', params: { type: 'null' } },
    { keyword: 'anyOf', instancePath: '/queueId', message: 'must match a schema in anyOf', params: {} },
  ], 'body')
  t.same(types.details, [{ field: 'body/queueId', message: 'must be integer or null' }])
  const nullable = validationDetails([
    { keyword: 'const', instancePath: '/kind', message: 'must be equal to constant', params: { allowedValue: 'text' } },
    { keyword: 'const', instancePath: '/kind', message: 'must be equal to constant', params: { allowedValue: 'audio' } },
    { keyword: 'type', instancePath: '/kind', message: 'must be null', params: { type: 'null' } },
    { keyword: 'anyOf', instancePath: '/kind', message: 'must match a schema in anyOf', params: {} },
  ], 'body')
  t.same(nullable.details, [{ field: 'body/kind', message: 'must be one of: text, audio or null' }], 'a nullable choice names both')
})

t.test('an enum lists its values; a missing property is named; other errors pass as Ajv says them', async (t) => {
  const { details } = validationDetails([
    { keyword: 'enum', instancePath: '/kind', message: 'must be equal to one of the allowed values', params: { allowedValues: ['a', 2] } },
    { keyword: 'required', instancePath: '', message: 'must have required property \'name\'', params: { missingProperty: 'name' } },
    { keyword: 'maxLength', instancePath: '/title', message: 'must NOT have more than 5 characters', params: { limit: 5 } },
    // A union whose branches failed in different ways keeps them all.
    { keyword: 'type', instancePath: '/x', message: 'must be string', params: { type: 'string' } },
    { keyword: 'minimum', instancePath: '/x', message: 'must be >= 1', params: { limit: 1 } },
    { keyword: 'anyOf', instancePath: '/x', message: 'must match a schema in anyOf', params: {} },
    // A non-empty string or null: the string branch's own failure keeps the union as Ajv said it.
    { keyword: 'minLength', instancePath: '/y', message: 'must NOT have fewer than 1 characters', params: { limit: 1 } },
    { keyword: 'type', instancePath: '/y', message: 'must be null', params: { type: 'null' } },
    { keyword: 'anyOf', instancePath: '/y', message: 'must match a schema in anyOf', params: {} },
  ], 'body')
  t.same(details, [
    { field: 'body/kind', message: 'must be one of: a, 2', allowed: ['a', 2] },
    { field: 'body', message: 'must have required property \'name\'', missing: 'name' },
    { field: 'body/title', message: 'must NOT have more than 5 characters' },
    { field: 'body/x', message: 'must be string' },
    { field: 'body/x', message: 'must be >= 1' },
    { field: 'body/x', message: 'must match a schema in anyOf' },
    { field: 'body/y', message: 'must NOT have fewer than 1 characters' },
    { field: 'body/y', message: 'must be null' },
    { field: 'body/y', message: 'must match a schema in anyOf' },
  ])
})

t.test('through a real route: a ticket list asked for a status that does not exist', async (t) => {
  const app = await build(t)
  const { admin } = await createCompanyWithUsers(app)
  const res = await app.inject({ url: '/api/tickets?status=bogus', headers: admin.headers })
  t.equal(res.statusCode, 400)
  t.same(res.json(), {
    error: 'ERR_VALIDATION', message: 'querystring/status must be one of: pending, open, closed',
    details: [{ field: 'querystring/status', message: 'must be one of: pending, open, closed', allowed: ['pending', 'open', 'closed'] }],
  })
})
