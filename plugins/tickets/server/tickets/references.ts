import type { FastifyInstance } from 'fastify'
import { AppError, type AuthContext } from '@zapdesk/plugin-api'
import type { Actor } from './transitions.ts'

/**
 * Checks that the ids a ticket write names are the company's own (404 with the spec's codes otherwise), so a body
 * can never point a ticket at another company's user, queue or connection.
 */
export async function assertReferences(app: FastifyInstance, companyId: number, refs: { userId?: number | null; queueId?: number | null; whatsappId?: number | null }): Promise<void> {
  if (refs.userId != null && !(await app.knex('users').where({ companyId, id: refs.userId }).first('id'))) throw new AppError('ERR_NO_USER_FOUND', 404)
  if (refs.queueId != null) await app.queues.assertIds(companyId, [refs.queueId])
  if (refs.whatsappId != null && !(await app.connections.row(companyId, refs.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404)
}

/** The company's default connection, where new tickets go when none is named (ERR_NO_DEF_WAPP_FOUND without one). */
export async function defaultWhatsappId(app: FastifyInstance, companyId: number): Promise<number> {
  const id = await app.connections.defaultId(companyId)
  if (id === undefined) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
  return id
}

export const isAdmin = (auth: Pick<AuthContext, 'profile' | 'super'>): boolean => auth.profile === 'admin' || auth.super

export const actorOfAuth = (auth: AuthContext): Actor => ({ userId: auth.userId, queueIds: auth.queueIds, isAdmin: isAdmin(auth) })

/** The actor for a user id given by another plugin (null: the system), with their profile and queues. */
export async function actorOf(app: FastifyInstance, companyId: number, userId: number | null): Promise<Actor> {
  if (userId === null) return { userId: null, queueIds: [], isAdmin: false }
  const user = await app.knex('users').where({ companyId, id: userId }).first('profile', 'super')
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
  return { userId, queueIds: await app.queues.queueIdsOfUser(companyId, userId), isAdmin: user.profile === 'admin' || Boolean(user.super) }
}
