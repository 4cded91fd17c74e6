import type { FastifyInstance } from 'fastify'

type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

/** The member ids of a chat answer, sorted. */
export const memberIds = (chat: { users: Array<{ userId: number }> }) => chat.users.map((u) => u.userId).sort((a, b) => a - b)

/** The unread count of one member in a chat answer. */
export const unreadsOf = (chat: { users: Array<{ userId: number; unreads: number }> }, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads
