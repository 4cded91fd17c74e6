import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { InboundContext } from './steps.ts'

export type ConnectionRow = InboundContext['whatsapp']

export interface LoadedConnection {
  /** The connection's row as the connections plugin stores it (its model is internal to that plugin). */
  row: ConnectionRow
  /** Its menu offers queues (whatsapp_queues has rows for it). */
  offersQueues: boolean
}

/**
 * The connection's row, with whether it offers queues read in the same query (a subquery on an index): every
 * message needs the row, a message that opens a ticket also the queues, to know whether the bot starts.
 */
export async function loadConnection(app: FastifyInstance, companyId: number, whatsappId: number): Promise<LoadedConnection | undefined> {
  const queues = app.knex('whatsappQueues').select(app.knex.raw('1')).where({ companyId, whatsappId })
  const found = await app.knex('whatsapps').where({ companyId, id: whatsappId }).first('*', app.knex.raw('exists ? as ??', [queues, 'offersQueues']))
  if (!found) return undefined
  const { offersQueues, ...row } = found
  return { row: { ...row, id: Number(row.id), name: String(row.name) }, offersQueues: Boolean(offersQueues) }
}

/** The ids of the queues the connection's menu offers. */
export async function connectionQueueIds(db: Knex | Knex.Transaction, companyId: number, whatsappId: number): Promise<number[]> {
  return (await db('whatsappQueues').where({ companyId, whatsappId }).select('queueId')).map((r: { queueId: number }) => Number(r.queueId))
}

/** Whether a new ticket starts with the bot: the connection has something for it to say, a greeting or a queue menu. */
export function botStartsOn({ row, offersQueues }: LoadedConnection): boolean {
  return (typeof row.greetingMessage === 'string' && row.greetingMessage.trim() !== '') || offersQueues
}
