import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'

type Headers = TestHeaders

export const call = apiCall

/** The member ids of a chat answer, sorted. */
export const memberIds = (chat: { users: Array<{ userId: number }> }) => chat.users.map((u) => u.userId).sort((a, b) => a - b)

/** The unread count of one member in a chat answer. */
export const unreadsOf = (chat: { users: Array<{ userId: number; unreads: number }> }, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads
