import type { FastifyInstance } from 'fastify'
import type {} from '@zapdesk/tickets/public'
import type {} from '@zapdesk/contacts/public'
import { AppError, notFound, Type, IdParams, errorResponses, type Static } from '@zapdesk/plugin-api'
import { HelloPost } from './model.ts'

const SendBody = Type.Object({ number: Type.String({ pattern: '^[0-9]{10,15}$', description: 'Digits with country and area code' }) }, { additionalProperties: false })
const Sent = Type.Object({ ticketId: Type.Integer(), messageId: Type.Integer() })

/**
 * Sends a post to a WhatsApp number through the tickets plugin's public services (an optional dependency: without
 * it the route answers 409 ERR_HELLO_NO_TICKETS). The message lands in the contact's ticket like an agent's, sent by
 * the company's default connection with the platform's retries.
 */
export default async function sendRoute(app: FastifyInstance): Promise<void> {
  app.post('/hello-board/posts/:id/whatsapp', {
    schema: { summary: 'Send a post to a WhatsApp number (needs the tickets plugin)', params: IdParams, body: SendBody, response: { 201: Sent, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const { id } = request.params as Static<typeof IdParams>
    const post = await app.bind(HelloPost).query().forCompany(auth.companyId).findById(id)
    if (!post) throw notFound('ERR_HELLO_POST_NOT_FOUND')
    if (!app.hasDecorator('tickets') || !app.hasDecorator('contacts')) throw new AppError('ERR_HELLO_NO_TICKETS', 409)
    const { number } = request.body as Static<typeof SendBody>
    const { contact } = await app.contacts.findOrCreateContact(auth.companyId, { number, name: number })
    const { ticket } = await app.tickets.findOrOpen(auth.companyId, { contactId: contact.id, userId: auth.userId })
    const message = await app.tickets.sendMessage(auth.companyId, ticket.id, { body: `${post.author}: ${post.text}`, userId: auth.userId })
    return reply.status(201).send({ ticketId: ticket.id, messageId: message.id })
  })
}
