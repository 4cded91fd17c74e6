import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { MAX_DEPTH } from './option-store.ts'
import { call, createOption, createQueue } from './test-helpers.ts'

type Node = { id: number; title: string; option: number; parentId: number | null; children: Node[] }
const outline = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? [`${n.option}.${n.title}`, outline(n.children)] : `${n.option}.${n.title}`))
const tree = async (app: FastifyInstance, c: TestCompany, queueId: number, parentId = -1) =>
  (await call(app, 'GET', `/queue-options?queueId=${queueId}&parentId=${parentId}`, c.user.headers)).json() as Node[]

t.test('options form a tree: numbered per level, listed from any level with their subtrees', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  const sales = await createOption(app, c.admin.headers, { queueId: q.id, parentId: -1, title: 'Vendas', message: 'Escolha:' })
  const support = await createOption(app, c.admin.headers, { queueId: q.id, parentId: null, title: 'Suporte' })
  const phones = await createOption(app, c.admin.headers, { queueId: q.id, parentId: sales.id, title: 'Celulares', message: 'Qual modelo?' })
  await createOption(app, c.admin.headers, { queueId: q.id, parentId: sales.id, title: 'Acessórios' })
  await createOption(app, c.admin.headers, { queueId: q.id, parentId: phones.id, title: 'Android' })
  t.match(sales, { queueId: q.id, parentId: null, title: 'Vendas', message: 'Escolha:', option: 1, companyId: c.id })
  t.equal(support.option, 2, 'the next number of its level')
  t.equal(phones.option, 1, 'each level counts from 1')

  t.same(outline(await tree(app, c, q.id)), [['1.Vendas', [['1.Celulares', ['1.Android']], '2.Acessórios']], '2.Suporte'])
  t.same(outline(await tree(app, c, q.id, sales.id)), [['1.Celulares', ['1.Android']], '2.Acessórios'], 'one level down')
  const noParent = await call(app, 'GET', `/queue-options?queueId=${q.id}`, c.user.headers)
  t.same(outline(noParent.json()), outline(await tree(app, c, q.id)), 'parentId absent is the top level')
  const one = await call(app, 'GET', `/queue-options/${sales.id}`, c.user.headers)
  t.same(outline([one.json()]), [['1.Vendas', [['1.Celulares', ['1.Android']], '2.Acessórios']]], 'one option with its subtree')
})

t.test('numbers stay 1..n without gaps: insert at a place, move, delete', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  const [a, b] = [await createOption(app, c.admin.headers, { queueId: q.id, title: 'A' }), await createOption(app, c.admin.headers, { queueId: q.id, title: 'B' })]
  await createOption(app, c.admin.headers, { queueId: q.id, title: 'C' })
  await createOption(app, c.admin.headers, { queueId: q.id, title: 'First', option: 1 })
  t.same(outline(await tree(app, c, q.id)), ['1.First', '2.A', '3.B', '4.C'], 'inserted at 1, the others shift')
  await createOption(app, c.admin.headers, { queueId: q.id, title: 'Last', option: 99 })
  t.same(outline(await tree(app, c, q.id)).at(-1), '5.Last', 'a number past the end is the end')

  const moved = await call(app, 'PUT', `/queue-options/${b.id}`, c.admin.headers, { option: 1, title: ' B2 ', message: 'novo' })
  t.equal(moved.statusCode, 200)
  t.match(moved.json(), { id: b.id, option: 1, title: 'B2', message: 'novo' })
  t.same(outline(await tree(app, c, q.id)), ['1.B2', '2.First', '3.A', '4.C', '5.Last'])
  await call(app, 'PUT', `/queue-options/${b.id}`, c.admin.headers, { option: 5 })
  t.same(outline(await tree(app, c, q.id)), ['1.First', '2.A', '3.C', '4.Last', '5.B2'], 'moved to the end')

  const child = await createOption(app, c.admin.headers, { queueId: q.id, parentId: a.id, title: 'Filho' })
  await createOption(app, c.admin.headers, { queueId: q.id, parentId: child.id, title: 'Neto' })
  t.equal((await call(app, 'DELETE', `/queue-options/${a.id}`, c.admin.headers)).statusCode, 204)
  t.same(outline(await tree(app, c, q.id)), ['1.First', '2.C', '3.Last', '4.B2'], 'gap closed')
  t.equal(Number((await app.knex('queueOptions').whereIn('id', [child.id]).count({ n: '*' }).first())!.n), 0, 'the subtree went with it')
  t.equal((await call(app, 'GET', `/queue-options/${a.id}`, c.admin.headers)).json().error, 'ERR_NO_QUEUE_OPTION_FOUND')
})

t.test('validation: queue and parent must exist in the company and the same queue; title required; depth capped', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  const q2 = await createQueue(app, c.admin.headers, { name: 'Outra' })
  const foreignQueue = await createQueue(app, other.admin.headers)
  const top = await createOption(app, c.admin.headers, { queueId: q.id, title: 'Topo' })
  const refused = async (body: object, status: number, error: string) => {
    const res = await call(app, 'POST', '/queue-options', c.admin.headers, body)
    t.equal(res.statusCode, status, JSON.stringify(body))
    t.equal(res.json().error, error)
    return res.json()
  }
  t.match(await refused({ queueId: q.id }, 400, 'ERR_VALIDATION'), { details: [{ field: 'body', missing: 'title' }] })
  t.match(await refused({ queueId: q.id, title: '   ' }, 400, 'ERR_VALIDATION'), { details: [{ field: 'body/title' }] })
  await refused({ queueId: q.id, title: 'x'.repeat(101) }, 400, 'ERR_VALIDATION')
  await refused({ queueId: q.id, title: 'Zero', option: 0 }, 400, 'ERR_VALIDATION')
  await refused({ queueId: foreignQueue.id, title: 'Alheia' }, 404, 'ERR_NO_QUEUE_FOUND')
  await refused({ queueId: q2.id, parentId: top.id, title: 'Pai de outra fila' }, 404, 'ERR_NO_QUEUE_OPTION_FOUND')
  await refused({ queueId: q.id, parentId: 999999, title: 'Sem pai' }, 404, 'ERR_NO_QUEUE_OPTION_FOUND')
  const list = await call(app, 'GET', `/queue-options?queueId=${q2.id}&parentId=${top.id}`, c.admin.headers)
  t.equal(list.json().error, 'ERR_NO_QUEUE_OPTION_FOUND', 'listing under a parent of another queue')
  t.equal((await call(app, 'GET', '/queue-options', c.admin.headers)).statusCode, 400, 'queueId is required')

  let parent = top.id
  for (let depth = 2; depth <= MAX_DEPTH; depth++) parent = (await createOption(app, c.admin.headers, { queueId: q.id, parentId: parent, title: `Nível ${depth}` })).id
  t.match(await refused({ queueId: q.id, parentId: parent, title: 'Fundo demais' }, 400, 'ERR_VALIDATION'), { details: [{ field: 'body/parentId' }] })
  t.equal((await call(app, 'DELETE', `/queue-options/${top.id}`, c.admin.headers)).statusCode, 204, 'a full-depth subtree deletes in one go')
})

t.test('permissions: agents read the tree, only admins change it', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  const o = await createOption(app, c.admin.headers, { queueId: q.id, title: 'Vendas' })
  for (const [method, url, body] of [['POST', '/queue-options', { queueId: q.id, title: 'X' }], ['PUT', `/queue-options/${o.id}`, { title: 'Y' }], ['DELETE', `/queue-options/${o.id}`, undefined]] as const) {
    t.equal((await call(app, method, url, c.user.headers, body)).statusCode, 403, `${method} by an agent`)
  }
  t.same(outline(await tree(app, c, q.id)), ['1.Vendas'], 'unchanged, and readable by the agent')
})
