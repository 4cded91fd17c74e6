import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses } from '@zapdesk/plugin-api'
import { ChatDto, ChatPage, ChatParams, CreateBody, ListQuery, MessageBody, MessageDto, MessagePage, MessagesQuery, ReadBody, UpdateBody } from './schemas.ts'
import type { Caller } from './service.ts'

const callerOf = (request: FastifyRequest): Caller => ({ companyId: request.auth!.companyId, userId: request.auth!.userId })

/**
 * The spec's internal chat calls. Every user of a company with useInternalChat may chat; a chat is reached only by
 * its members, and only its owner changes or deletes it (403 ERR_CHAT_OWNER_ONLY for the other members).
 */
export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/chats', {
    schema: { summary: 'The caller\'s chats, most recent first; searchParam matches the title; unreadOnly keeps those with unread messages', querystring: ListQuery, response: { 200: ChatPage, ...errorResponses } },
  }, async (request) => app.chats.page(callerOf(request), request.query))

  api.get('/chats/:id', {
    schema: { summary: 'One chat of the caller (by uuid or id) with its members and their unread counts', params: ChatParams, response: { 200: ChatDto, ...errorResponses } },
  }, async (request) => app.chats.get(callerOf(request), request.params.id))

  api.post('/chats', {
    schema: { summary: 'Start a chat: a title and its members (users of the company); the caller owns it and is a member', body: CreateBody, response: { 201: ChatDto, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await app.chats.create(callerOf(request), request.body)))

  api.put('/chats/:id', {
    schema: { summary: 'Rename a chat and/or set its whole member list (owner only)', params: ChatParams, body: UpdateBody, response: { 200: ChatDto, ...errorResponses } },
  }, async (request) => app.chats.update(callerOf(request), request.params.id, request.body))

  api.delete('/chats/:id', {
    schema: { summary: 'Delete a chat and its messages (owner only)', params: ChatParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.chats.remove(callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  api.post('/chats/:id/read', {
    schema: { summary: 'The caller has read the chat: their unread count goes to 0', params: ChatParams, body: ReadBody, response: { 200: ChatDto, ...errorResponses } },
  }, async (request) => {
    const caller = callerOf(request)
    const userId = request.body?.userId
    if (userId !== undefined && userId !== caller.userId) throw new AppError('ERR_NO_PERMISSION', 403, undefined, 'a chat is marked read by its reader only')
    return app.chats.markRead(caller, request.params.id)
  })

  api.get('/chats/:id/messages', {
    schema: { summary: 'A page of the chat\'s messages counted from the newest, each page oldest first', params: ChatParams, querystring: MessagesQuery, response: { 200: MessagePage, ...errorResponses } },
  }, async (request) => app.chats.messagesPage(callerOf(request), request.params.id, request.query.pageNumber ?? 1))

  api.post('/chats/:id/messages', {
    schema: { summary: 'Send a message to the chat\'s members', params: ChatParams, body: MessageBody, response: { 201: MessageDto, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await app.chats.send(callerOf(request), request.params.id, request.body.message)))
}
