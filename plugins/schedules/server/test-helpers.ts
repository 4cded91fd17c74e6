import { apiCall, fileUpload, waitFor } from '@zapdesk/plugin-api/testing'
import { defaultSandbox, sandboxOutbox } from '@zapdesk/tickets/testing'
import type { FastifyInstance } from 'fastify'
import '@zapdesk/contacts/public'

/** Shared by this plugin's tests: API calls, uploads, contacts, a sandbox connection and its outbox. */
export const call = apiCall
export const upload = fileUpload
export { waitFor }
export const sandboxConnection = defaultSandbox
export const outbox = sandboxOutbox

let numbers = 0
export const number = () => `5511${970000000 + ++numbers}`

export async function contact(app: FastifyInstance, companyId: number, name = 'Ana Souza') {
  return (await app.contacts.findOrCreateContact(companyId, { number: number(), name })).contact
}

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

