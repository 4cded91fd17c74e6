import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { ConnectionRow, LoadedConnection } from '@zapdesk/connections/public'

export type { ConnectionRow, LoadedConnection }

/** The connection's row and whether its menu offers queues (the connections plugin's `app.connections.load`). */
export function loadConnection(app: FastifyInstance, companyId: number, whatsappId: number): Promise<LoadedConnection | undefined> {
  return app.connections.load(companyId, whatsappId)
}

/** The ids of the queues the connection's menu offers. */
export function connectionQueueIds(app: FastifyInstance, companyId: number, whatsappId: number, trx?: Knex.Transaction): Promise<number[]> {
  return app.connections.queueIds(companyId, whatsappId, trx)
}

/** Whether a new ticket starts with the bot: the connection has something for it to say, a greeting or a queue menu. */
export function botStartsOn({ row, offersQueues }: LoadedConnection): boolean {
  return (typeof row.greetingMessage === 'string' && row.greetingMessage.trim() !== '') || offersQueues
}
