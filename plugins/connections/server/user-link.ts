import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { USER_WHATSAPPS, Whatsapp } from './models.ts'

/**
 * The user <-> connection link (the spec's user.whatsappId), plugged into the core's user routes: `whatsappId` in a
 * user body is saved in the user's transaction (null unlinks; only the company's own connections: a foreign id is
 * 404 ERR_NO_WAPP_FOUND and nothing is saved), and user answers get `whatsappId`.
 */
export function linkUsersToConnections(app: FastifyInstance): void {
  app.authService.userExtras.push(async (trx, companyId, userId, body) => {
    if (body.whatsappId === undefined) return
    const whatsappId = body.whatsappId as number | null
    if (whatsappId !== null && !(await app.connections.row(companyId, whatsappId, trx))) {
      throw new AppError('ERR_NO_WAPP_FOUND', 404)
    }
    await trx(USER_WHATSAPPS).where({ userId }).delete()
    if (whatsappId !== null) await trx(USER_WHATSAPPS).insert({ userId, companyId, whatsappId })
  })

  app.authService.userDecorators.push(async (users) => {
    if (!users.length) return
    // The company condition on both sides: a link row can never name another company's connection.
    const rows: Array<{ userId: number; whatsappId: number }> = await app.knex(USER_WHATSAPPS)
      .join(Whatsapp.tableName, (j) => j.on(`${Whatsapp.tableName}.id`, '=', `${USER_WHATSAPPS}.whatsappId`).andOn(`${Whatsapp.tableName}.companyId`, '=', `${USER_WHATSAPPS}.companyId`))
      .whereIn(`${USER_WHATSAPPS}.userId`, users.map((u) => u.id))
      .select(`${USER_WHATSAPPS}.userId`, `${USER_WHATSAPPS}.whatsappId`)
    const byUser = new Map(rows.map((r) => [Number(r.userId), Number(r.whatsappId)]))
    for (const u of users) u.whatsappId = byUser.get(u.id) ?? null
  })
}
