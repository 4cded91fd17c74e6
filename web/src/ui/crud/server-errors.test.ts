import t from 'tap'
import { ApiError } from '../../api/api-error.ts'
import { fieldErrorsOf, INVALID_VALUE } from './server-errors.ts'

const fields = ['name', 'email']

t.test('a code the form maps lands on its field', async (t) => {
  const found = fieldErrorsOf(new ApiError(400, 'ERR_DUPLICATED_EMAIL', 'taken'), { ERR_DUPLICATED_EMAIL: 'email' }, fields)
  t.same(Object.keys(found ?? {}), ['email'])
})

t.test('schema errors on body fields the form has land on them; others are left to the toast', async (t) => {
  const schema = new ApiError(400, 'ERR_VALIDATION', 'bad', [{ field: 'body/name', message: 'must NOT have more than 100 characters' }, { field: 'body/other', message: 'x' }])
  t.same(fieldErrorsOf(schema, {}, fields), { name: INVALID_VALUE })
  t.equal(fieldErrorsOf(new ApiError(400, 'ERR_VALIDATION', 'bad', [{ field: 'body/other' }]), {}, fields), null)
  t.equal(fieldErrorsOf(new ApiError(403, 'ERR_NO_PERMISSION', 'no'), { ERR_DUPLICATED_EMAIL: 'email' }, fields), null)
  t.equal(fieldErrorsOf(new Error('network'), {}, fields), null)
})
