import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { QueuesService } from './server/service.ts'
import { linkUsersToQueues } from './server/user-link.ts'
import { Queue, QueueOption } from './server/models.ts'
import './server/types.ts'

/** The part of the connections plugin's `app.channels` this plugin fills in (typed here: no import of its files). */
interface ChannelQueueHooks {
  queueHooks: {
    validate?: (companyId: number, queueIds: number[], trx: Knex.Transaction) => Promise<void>
    describe?: (companyId: number, queueIds: number[]) => Promise<Map<number, { name: string; color: string }>>
  }
}

/** When the connections plugin is installed, its whatsapp_queues links accept only the company's queues. */
function serveConnections(app: FastifyInstance): void {
  const channels = (app as FastifyInstance & { channels?: ChannelQueueHooks }).channels
  if (!channels?.queueHooks) return
  channels.queueHooks.validate = (companyId, ids, trx) => app.queues.assertIds(companyId, ids, trx)
  channels.queueHooks.describe = (companyId, ids) => app.queues.describe(companyId, ids)
}

/**
 * Queues: CRUD with colours unique per company and the plan's queue limit, the chatbot option tree, the user <-> queue
 * link (through the core's auth hooks) and opening hours (`isOpen` in public.ts, `app.queues.isOpenNow`).
 */
export default definePlugin({
  name: 'queues',
  version: '1.0.0',
  tables: ['queues', 'queue_options', 'user_queues'],
  provides: ['queues'],
  events: ['queue.deleted'],
  errorCodes: ['ERR_QUEUE_COLOR_ALREADY_EXISTS'],
  description: 'Queues, chatbot options, user queues and opening hours',
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { queue: {} },
  setup(app) {
    app.decorate('queues', new QueuesService(app))
    linkUsersToQueues(app)
    // Every plugin's setup has run by then, whatever order the loader chose.
    app.addHook('onReady', async () => serveConnections(app))
  },
  async tenantFixtures(app, companyId, marker) {
    const queue = await app.bind(Queue).query().forCompany(companyId).insert({ name: `Fila ${marker}`, color: `#${marker.slice(-6)}`, greetingMessage: `Olá ${marker}`, schedules: [] })
    const top = await app.bind(QueueOption).query().forCompany(companyId).insert({ queueId: queue.id, parentId: null, title: `Opção ${marker}`, message: marker, option: 1 })
    const child = await app.bind(QueueOption).query().forCompany(companyId).insert({ queueId: queue.id, parentId: top.id, title: `Sub ${marker}`, message: marker, option: 1 })
    await app.knex('userQueues').insert({ companyId, userId: (await app.knex('users').where({ companyId }).first('id')).id, queueId: queue.id })
    return { queue: queue.id, queueId: queue.id, 'queue-options': child.id, 'queue-options.parentId': top.id }
  },
})
