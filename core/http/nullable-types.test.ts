import t from 'tap'
import fastJson from 'fast-json-stringify'
import { Type } from '@sinclair/typebox'
import { nullableTypes } from './nullable-types.ts'

const Named = Type.Object({ id: Type.Integer(), name: Type.String() })
const Row = Type.Object({
  id: Type.Integer(),
  user: Type.Union([Named, Type.Null()]),
  note: Type.Union([Type.Null(), Type.String()]),
  kind: Type.Union([Type.Literal('a'), Type.Null()]),
  tags: Type.Array(Type.Object({ id: Type.Integer(), color: Type.Union([Type.String(), Type.Null()]) })),
  nested: Type.Union([Type.Object({ inner: Type.Union([Named, Type.Null()]) }), Type.Null()]),
})
const Page = Type.Object({ rows: Type.Array(Row), count: Type.Integer() })

t.test('each anyOf of a type and null becomes a type list; what fast-json-stringify cannot write by type stays a union', async (t) => {
  const out = nullableTypes(Page) as any
  const row = out.properties.rows.items
  t.same(row.properties.user.type, ['object', 'null'])
  t.same(Object.keys(row.properties.user.properties), ['id', 'name'])
  t.notOk('anyOf' in row.properties.user)
  t.same(row.properties.note.type, ['string', 'null'], 'either order')
  t.ok(row.properties.kind.anyOf, 'a literal (const) keeps its union')
  t.same(row.properties.tags.items.properties.color.type, ['string', 'null'], 'inside array items')
  t.same(row.properties.nested.properties.inner.type, ['object', 'null'], 'inside a rewritten branch')
  t.ok((Page.properties.rows.items.properties.user as any).anyOf, 'the declared schema is not changed')
  t.equal(nullableTypes(Page), out, 'kept per schema object')
  const plain = Type.Object({ a: Type.String(), b: Type.Union([Type.String(), Type.Integer()]) })
  t.equal(nullableTypes(plain), plain, 'a schema without such a union comes back as it is')
})

t.test('the JSON written is the same as the union\'s, and a value of neither kind is still refused', async (t) => {
  const before = fastJson(Page as never)
  const after = fastJson(nullableTypes(Page) as never)
  const values = [
    { rows: [], count: 0 },
    {
      rows: [
        { id: 1, user: { id: 2, name: 'Ana "A"', extra: 'dropped' }, note: null, kind: 'a', tags: [{ id: 3, color: null }], nested: { inner: null } },
        { id: 4, user: null, note: 'olá\n', kind: null, tags: [{ id: 5, color: '#fff' }], nested: null },
        { id: 6, user: { id: 7, name: 'Bia' }, note: 'x', kind: null, tags: [], nested: { inner: { id: 8, name: 'C' } } },
      ],
      count: 3,
    },
  ]
  for (const value of values) {
    t.equal(after(value), before(value))
    t.same(JSON.parse(after(value)).rows?.[0]?.user ?? null, value.rows[0] ? { id: 2, name: 'Ana "A"' } : null)
  }
  const wrong = { rows: [{ id: 1, user: 'someone', note: null, kind: null, tags: [], nested: null }], count: 1 }
  t.throws(() => before(wrong), 'the union refuses a string where an object or null goes')
  t.throws(() => after(wrong), 'so does the type list')
})
