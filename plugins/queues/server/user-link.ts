import type { FastifyInstance } from 'fastify'
import { Queue, USER_QUEUES } from './models.ts'
import { queueOrder } from './service.ts'

/**
 * The user <-> queue link, plugged into the core's user routes and auth: `queueIds` in a user body is saved in the
 * user's transaction (only the company's own queues; a foreign id is 404 and nothing is linked), every request's
 * auth context gets the user's queue ids, and user answers get `queues: [{ id, name, color }]`.
 */
export function linkUsersToQueues(app: FastifyInstance): void {
  app.authService.userExtras.push(async (trx, companyId, userId, body) => {
    if (!Array.isArray(body.queueIds)) return
    const ids = [...new Set(body.queueIds as number[])]
    await app.queues.assertIds(companyId, ids, trx)
    await trx(USER_QUEUES).where({ userId }).delete()
    if (ids.length) await trx(USER_QUEUES).insert(ids.map((queueId) => ({ companyId, userId, queueId })))
  })

  app.authService.addContextLoader(async (ctx) => {
    const rows: Array<{ queueId: number }> = await app.knex(USER_QUEUES).where({ userId: ctx.userId, companyId: ctx.companyId }).select('queueId')
    ctx.queueIds = rows.map((r) => Number(r.queueId))
  }, [USER_QUEUES, Queue.tableName])

  app.authService.userDecorators.push(async (users) => {
    if (!users.length) return
    // The company condition on both sides: a link row can never show a queue of another company.
    const rows = await app.knex(USER_QUEUES)
      .join('queues', (j) => j.on('queues.id', '=', `${USER_QUEUES}.queueId`).andOn('queues.companyId', '=', `${USER_QUEUES}.companyId`))
      .whereIn(`${USER_QUEUES}.userId`, users.map((u) => u.id))
      .orderByRaw(queueOrder())
      .select(`${USER_QUEUES}.userId`, 'queues.id', 'queues.name', 'queues.color') as Array<{ userId: number; id: number; name: string; color: string }>
    for (const u of users) {
      u.queues = rows.filter((r) => Number(r.userId) === u.id).map((r) => ({ id: Number(r.id), name: r.name, color: r.color }))
    }
  })
}
