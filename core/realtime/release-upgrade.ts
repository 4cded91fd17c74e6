import type { FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { WebSocket } from 'ws'

/** The raw response of each upgrade request, from the route's onRequest hook until its socket is open. */
const responses = new WeakMap<IncomingMessage, ServerResponse>()

/** The websocket route's onRequest hook: notes the raw response, which the handler (given no reply) needs to release. */
export function noteUpgradeResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  responses.set(request.raw, reply.raw)
  done()
}

/**
 * Lets the HTTP request that opened a websocket go once the socket is open. @fastify/websocket keeps it as long as the
 * socket lives: its error listener closes over the request and the reply, and the response it assigned to the net
 * socket (never sent: the reply is hijacked) holds the raw request, its headers, the URL with the token and the
 * upgrade's head buffer. That was about 3.5 KiB per idle socket, more than `ws` needs for the socket itself, and the
 * socket needs none of it. So the plugin's error listener gives way to `onError` (which must end the socket, as the
 * plugin's default handler does) and the response is detached from the net socket.
 */
export function releaseUpgrade(ws: WebSocket, request: FastifyRequest, onError: (this: WebSocket, err: Error) => void): void {
  ws.removeAllListeners('error')
  ws.on('error', onError)
  const response = responses.get(request.raw)
  responses.delete(request.raw)
  if (response?.socket) response.detachSocket(response.socket)
}
