import type { FastifyInstance } from 'fastify'
import type { DomainEvents } from '../../../../core/plugin-api/index.ts'
import { receiveMessage } from './receive-message.ts'
import { receiveCall } from './calls.ts'
import { editMessage, revokeMessage } from './updates.ts'

/**
 * The pipeline's entry: every normalized event of the connections plugin (`message.inbound`) lands here. Reactions
 * are not stored: the messages table has no place for them and a reaction is not a message agents answer.
 */
export async function handleInbound(app: FastifyInstance, { companyId, whatsappId, event }: DomainEvents['message.inbound']): Promise<void> {
  switch (event.kind) {
    case 'message': return receiveMessage(app, companyId, whatsappId, event)
    case 'edit': return editMessage(app, companyId, whatsappId, event)
    case 'revoke': return revokeMessage(app, companyId, whatsappId, event)
    case 'call': return receiveCall(app, companyId, whatsappId, event)
    case 'reaction': return
  }
}
