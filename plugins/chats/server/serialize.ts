import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { toIso } from '@zapdesk/plugin-api'
import { ChatUser, type Chat, type ChatMessage } from './models.ts'
import type { ChatJson, MessageJson } from './schemas.ts'

type UserNames = Map<number, string>

/** Names of the company's users among these ids, in one query (a deleted user has none). */
export async function userNames(app: FastifyInstance, companyId: number, ids: number[], trx?: Knex.Transaction): Promise<UserNames> {
  const unique = [...new Set(ids)]
  if (!unique.length) return new Map()
  const rows = await (trx ?? app.knex)('users').where({ companyId }).whereIn('id', unique).select('id', 'name') as Array<{ id: number; name: string }>
  return new Map(rows.map((r) => [Number(r.id), r.name]))
}

const userRef = (names: UserNames, id: number) => (names.has(id) ? { id, name: names.get(id)! } : null)

/** Chats with their members (in joining order) and the members' names: three queries whatever the number of chats. */
export async function chatsJson(app: FastifyInstance, companyId: number, chats: Chat[], trx?: Knex.Transaction): Promise<ChatJson[]> {
  if (!chats.length) return []
  const members = await app.bind(ChatUser).query(trx).forCompany(companyId).whereIn('chatId', chats.map((c) => c.id)).orderBy('id')
  const names = await userNames(app, companyId, members.map((m) => m.userId), trx)
  return chats.map((c) => ({
    id: c.id,
    uuid: c.uuid,
    companyId: c.companyId,
    title: c.title,
    ownerId: c.ownerId,
    lastMessage: c.lastMessage ?? null,
    users: members.filter((m) => m.chatId === c.id).map((m) => ({ userId: m.userId, unreads: Number(m.unreads), user: userRef(names, m.userId) })),
    createdAt: toIso(c.createdAt),
    updatedAt: toIso(c.updatedAt),
  }))
}

export function messagesJson(messages: ChatMessage[], names: UserNames): MessageJson[] {
  return messages.map((m) => ({
    id: m.id, chatId: m.chatId, senderId: m.senderId, sender: userRef(names, m.senderId), message: m.message, createdAt: toIso(m.createdAt),
  }))
}
