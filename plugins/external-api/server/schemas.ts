import { Type } from '@zapdesk/plugin-api'
import { MAX_BODY } from './send.ts'

/** The request and answer of `POST /api/messages/send`, with the examples the OpenAPI document shows. */

export const SendJsonBody = Type.Object({
  number: Type.String({ maxLength: 40, description: 'The contact\'s number with country and area code, digits (+, spaces, dots, dashes and brackets are ignored)', examples: ['5511999990000'] }),
  body: Type.String({ maxLength: MAX_BODY, description: 'The text to send', examples: ['Olá! Seu pedido saiu para entrega.'] }),
}, {
  examples: [{ number: '5511999990000', body: 'Olá! Seu pedido saiu para entrega.' }],
})

/**
 * The multipart form, for the OpenAPI document only: the handler reads the stream itself (readUploads), so the schema
 * has no `type` (it then constrains nothing Fastify validates: the parsed body of a multipart request is empty).
 */
export const SendMultipartBody = {
  description: 'number, body (optional caption) and one or more medias files',
  properties: {
    number: Type.String({ examples: ['5511999990000'] }),
    body: Type.String({ description: 'Caption of the first file (audio cannot carry one: the text then goes first, on its own)' }),
    medias: Type.Array(Type.String({ format: 'binary' }), { description: 'One message per file, up to 10' }),
  },
  required: ['number', 'medias'],
}

const SentMessage = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  mediaType: Type.String({ description: 'chat for text; image, audio, video or application for files' }),
  mediaName: Type.Union([Type.String(), Type.Null()]),
  sendStatus: Type.String({ description: 'queued: stored and on its way; acks follow on the ticket' }),
  createdAt: Type.Union([Type.String(), Type.Null()]),
})

export const SendAnswer = Type.Object({
  message: Type.String({ examples: ['Mensagem enviada'] }),
  ticketId: Type.Integer(),
  contactId: Type.Integer(),
  whatsappId: Type.Integer(),
  number: Type.String({ description: 'The number as WhatsApp knows it' }),
  messages: Type.Array(SentMessage),
}, {
  examples: [{
    message: 'Mensagem enviada', ticketId: 42, contactId: 17, whatsappId: 3, number: '5511999990000',
    messages: [{ id: 901, body: 'Olá! Seu pedido saiu para entrega.', mediaType: 'chat', mediaName: null, sendStatus: 'queued', createdAt: '2026-11-25T14:45:00.000Z' }],
  }],
})
