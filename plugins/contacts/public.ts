/**
 * What other plugins may use from the contacts plugin (declare `dependencies: ['contacts']`). Everything else in
 * this folder is internal.
 *
 *   const { contact, created } = await app.contacts.findOrCreateContact(companyId, { number, lid, name, isGroup })
 *   // or: await findOrCreateContact(app, companyId, { ... })
 */
import type { FastifyInstance } from 'fastify'
import type { ContactJson } from './server/serialize.ts'
import type { FindOrCreateInput } from './server/find-or-create.ts'
import './server/types.ts'

export type { ContactJson, FindOrCreateInput }
export type { ContactsService } from './server/service.ts'
export type { ContactSearchShape, ContactSearchValues } from './server/lookup.ts'
export type { ContactChannel } from './server/channel.ts'
export { ContactDto } from './server/serialize.ts'
export { normalizeNumber } from './server/normalize.ts'

/**
 * One contact per number or LID in a company, race-safe (unique indexes + insert-or-fetch): returns the existing
 * contact (filling in a newly learnt LID or number) or the one just created. Publishes `contact` and emits
 * contact.created / contact.updated when something changed.
 */
export function findOrCreateContact(app: FastifyInstance, companyId: number, input: FindOrCreateInput): Promise<{ contact: ContactJson; created: boolean }> {
  return app.contacts.findOrCreateContact(companyId, input)
}
