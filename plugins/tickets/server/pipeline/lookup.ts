import type { FastifyInstance } from 'fastify'
import type { Channels } from '@zapdesk/connections/public'

/**
 * Answers a driver's getMessage (Baileys asks when it must re-send or decrypt a retry) from the channel's own
 * serialized message, stored in `raw` when the message came in or went out.
 */
export function storedRawLookup(app: FastifyInstance): Parameters<Channels['setMessageLookup']>[0] {
  return async ({ companyId, whatsappId, externalId }) => {
    const row = await app.knex('messages').where({ companyId, whatsappId, externalId }).whereNotNull('raw').first('raw')
    return row?.raw ?? undefined
  }
}
