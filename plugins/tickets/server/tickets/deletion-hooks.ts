import type { FastifyInstance } from 'fastify'

/**
 * What the foreign keys to other plugins' tables used to do, now that a plugin's tables refer to no other plugin's:
 * run inside the owner's delete transaction, so a delete and its consequences commit or roll back together.
 * - a contact goes with its tickets (their messages, notes, cycles, ratings and search words follow by this
 *   plugin's own keys; their tag links through app.tags) and leaves the messages it wrote in groups unattributed;
 * - a connection or a queue leaves its tickets without one.
 */
export function registerDeletionHooks(app: FastifyInstance): void {
  app.contacts.deletionHooks.add(async (trx, companyId, contactId) => {
    const ticketIds: number[] = (await trx('tickets').where({ companyId, contactId }).select('id')).map((r: { id: number }) => Number(r.id))
    for (const ticketId of ticketIds) await app.tags.forgetTicket(companyId, ticketId, trx)
    await trx('ticketNotes').where({ companyId, contactId }).delete()
    await trx('messages').where({ companyId, contactId }).whereNotIn('ticketId', ticketIds).update({ contactId: null })
    await trx('tickets').where({ companyId, contactId }).delete()
  })
  app.connections.deletionHooks.add(async (trx, companyId, whatsappId) => {
    await trx('tickets').where({ companyId, whatsappId }).update({ whatsappId: null })
  })
  app.queues.deletionHooks.add(async (trx, companyId, queueId) => {
    await trx('tickets').where({ companyId, queueId }).update({ queueId: null })
  })
}
