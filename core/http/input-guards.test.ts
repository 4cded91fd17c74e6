import t from 'tap'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { rejectNonFiniteNumbers } from './input-guards.ts'

const run = (params: unknown, query: unknown): Promise<unknown> =>
  new Promise((resolve) => rejectNonFiniteNumbers({ params, query } as FastifyRequest, {} as FastifyReply, resolve))

t.test('a non-finite number in the params or the query is a 400 naming it; finite ones pass', async (t) => {
  t.equal(await run({ id: 3 }, { page: 2, q: 'x' }), undefined)
  t.equal(await run(undefined, null), undefined)
  t.match(await run({ id: Infinity }, {}), { code: 'ERR_VALIDATION', statusCode: 400, details: [{ field: 'params/id', message: 'must be a finite number' }] })
  t.match(await run({}, { amount: -Infinity }), { code: 'ERR_VALIDATION', details: [{ field: 'querystring/amount' }] })
  t.match(await run({}, { amount: NaN }), { code: 'ERR_VALIDATION' })
})
