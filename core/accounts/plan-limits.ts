import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '../errors/app-error.ts'

export type PlanLimit = 'users' | 'connections' | 'queues'

const CODES: Record<PlanLimit, string> = { users: 'ERR_PLAN_LIMIT_USERS', connections: 'ERR_PLAN_LIMIT_CONNECTIONS', queues: 'ERR_PLAN_LIMIT_QUEUES' }

/**
 * Refuses creating one more record when the company already has as many as its plan allows (0 = unlimited).
 * `table` is the tenant table counted; pass the transaction that will insert, so the count and insert agree.
 */
export async function assertPlanLimit(app: FastifyInstance, companyId: number, limit: PlanLimit, table: string, trx?: Knex.Transaction): Promise<void> {
  const db = trx ?? app.knex
  const row = await db('companies').join('plans', 'plans.id', 'companies.planId').where('companies.id', companyId).first(`plans.${limit} as max`)
  const max = Number(row?.max ?? 0)
  if (max <= 0) return
  const counted = (await db(table).where({ companyId }).count({ n: '*' }).first()) as { n: number | string }
  if (Number(counted.n) >= max) throw new AppError(CODES[limit], 403, { limit: max })
}
