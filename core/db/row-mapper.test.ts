import t from 'tap'
import { knexSnakeCaseMappers } from 'objection'
import { fastRowMapper } from './row-mapper.ts'

const generic = knexSnakeCaseMappers().postProcessResponse
const fast = fastRowMapper(generic)

t.test('rows come out as objection\'s own mapper makes them', async (t) => {
  const rows = [
    { id: 1, company_id: 2, user_name: 'Ana', tag_ids: '1,2', created_at: new Date(0), is_group: 0, contact_profile_pic_url: null },
    { id: 2, company_id: 2, user_name: null, tag_ids: null, created_at: new Date(1), is_group: 1, contact_profile_pic_url: 'x' },
  ]
  t.same(fast(rows, undefined), generic(rows))
  t.same(Object.keys(fast(rows, undefined)[0]), ['id', 'companyId', 'userName', 'tagIds', 'createdAt', 'isGroup', 'contactProfilePicUrl'], 'same names, same order')
  t.equal(fast(rows, undefined)[1].createdAt, rows[1].created_at, 'values are the row\'s own (not copies)')
  t.same(fast(rows, undefined), generic(rows), 'the compiled shape answers the next page the same')
})

t.test('mixed shapes, odd names and anything that is not an array of plain rows', async (t) => {
  const mixed = [{ a_b: 1 }, { a_b: 2, c_d: 3 }, { c_d: 4, a_b: 5 }, 7, null]
  t.same(fast(mixed, undefined), generic(mixed), 'each row by its own shape; non-rows as the generic mapper leaves them')
  t.same(fast([{ '1': 'x', 'some name': 'y', 'weird"quote': 'z', 'x\\y': 1 }], undefined), generic([{ '1': 'x', 'some name': 'y', 'weird"quote': 'z', 'x\\y': 1 }]))
  const proto = JSON.parse('[{"__proto__": {"polluted": true}, "a_b": 1}]')
  const mapped = fast(proto, undefined)
  t.same(mapped, generic(proto), '__proto__ keys take the generic path')
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'and pollute nothing')
  for (const other of [{ affected_rows: 1 }, [], 5, 'text', null, [[1, 2]], [Buffer.from('ab')]]) t.same(fast(other, undefined), generic(other))
  class Header { insert_id = 3 }
  t.same(fast([new Header()], undefined), generic([new Header()]), 'a class instance (a driver\'s result header) too')
})
