import type { FastifyInstance } from 'fastify'
import { AppError, type AuthContext } from '@zapdesk/plugin-api'
import { QuickMessage } from './models.ts'
import { quickMessageDto } from './serialize.ts'

/**
 * Who sees and who changes a quick message:
 * - a geral message: everyone of the company sees it; its owner and the company's admins change it;
 * - a personal one: only its owner sees and changes it (admins included: it is someone's private shortcut).
 */
export const isAdmin = (auth: AuthContext) => auth.profile === 'admin' || auth.super

export function visibleTo(app: FastifyInstance, auth: AuthContext) {
  return app.bind(QuickMessage).query().forCompany(auth.companyId).where((q) => q.where('geral', true).orWhere('userId', auth.userId))
}

/** A message the caller may see, or 404 (a personal message of someone else does not exist for the caller). */
export async function findVisible(app: FastifyInstance, auth: AuthContext, id: number): Promise<QuickMessage> {
  const row = await visibleTo(app, auth).findById(id)
  if (!row) throw new AppError('ERR_NOT_FOUND', 404)
  return row
}

export async function findEditable(app: FastifyInstance, auth: AuthContext, id: number): Promise<QuickMessage> {
  const row = await findVisible(app, auth, id)
  if (row.userId !== auth.userId && !(row.geral && isAdmin(auth))) throw new AppError('ERR_NO_PERMISSION', 403)
  return row
}

/** A list filter naming a user can only name the caller: other users' personal messages are theirs alone. */
export function assertSelf(auth: AuthContext, userId: number | undefined, companyId?: number): void {
  if (userId !== undefined && userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION', 403)
  if (companyId !== undefined && companyId !== auth.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
}

/**
 * Realtime `quickmessage`: a geral message goes to the whole company, a personal one to its owner only. A message
 * that stopped being geral is first removed from everyone's list, then given back to its owner.
 */
export function publish(app: FastifyInstance, row: QuickMessage, action: 'create' | 'update' | 'delete', wasGeral = row.geral): void {
  const companyId = row.companyId
  const owner = row.userId === null ? [] : [row.userId]
  if (action === 'delete') {
    app.realtime.publish({ companyId, topic: 'quickmessage', data: { action, id: row.id }, audience: wasGeral ? undefined : { userIds: owner } })
    return
  }
  if (wasGeral && !row.geral) app.realtime.publish({ companyId, topic: 'quickmessage', data: { action: 'delete', id: row.id } })
  if (!row.geral && !owner.length) return
  app.realtime.publish({ companyId, topic: 'quickmessage', data: { action, record: quickMessageDto(row) }, audience: row.geral ? undefined : { userIds: owner } })
}
