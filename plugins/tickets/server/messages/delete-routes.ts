import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, errorResponses } from '@zapdesk/plugin-api'
import { visibleMessage } from './access.ts'
import { deleteMessage } from './delete.ts'
import { MessageDto, loadMessageJson } from './serialize.ts'

export default async function messageDeleteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.delete('/messages/:id', {
    schema: {
      summary: 'Delete one\'s own sent message for everyone (admins: any message sent from the platform)',
      params: IdParams, response: { 200: MessageDto, ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    const { message, ticket } = await visibleMessage(app, auth, request.params.id)
    const admin = auth.profile === 'admin' || auth.super
    // The contact's messages are theirs: only what the platform sent can be deleted, by its author or an admin.
    if (!message.fromMe || (!admin && message.userId !== auth.userId)) throw new AppError('ERR_NO_PERMISSION', 403)
    if (!message.isDeleted) await deleteMessage(app, message, ticket)
    return (await loadMessageJson(app, auth.companyId, message.id))!
  })
}
