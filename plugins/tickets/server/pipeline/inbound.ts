import type { FastifyInstance } from 'fastify'
import type { DomainEvents } from '@zapdesk/plugin-api'
import { receiveMessage } from './receive-message.ts'
import { receiveCall } from './calls.ts'
import { editMessage, revokeMessage } from './updates.ts'
import { groupCommit } from './group-commit.ts'

/**
 * The pipeline's entry: every normalized event of the connections plugin (`message.inbound`) lands here. Reactions
 * are not stored: the messages table has no place for them and a reaction is not a message agents answer.
 */
export async function handleInbound(app: FastifyInstance, { companyId, whatsappId, event }: DomainEvents['message.inbound']): Promise<void> {
  if (event.kind === 'message') return receiveMessage(app, companyId, whatsappId, event)
  if (event.kind === 'reaction') return
  // An edit, a revoke or a call comes after the messages that arrived before it: those still in the group commit's
  // queue are stored first (an edit finds its message).
  await groupCommit(app).barrier()
  switch (event.kind) {
    case 'edit': return editMessage(app, companyId, whatsappId, event)
    case 'revoke': return revokeMessage(app, companyId, whatsappId, event)
    case 'call': return receiveCall(app, companyId, whatsappId, event)
  }
}
