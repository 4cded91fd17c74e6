import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '@zapdesk/plugin-api'
import { Chat, ChatMessage, ChatUser } from './models.ts'
import { chatsJson, messagesJson, userNames } from './serialize.ts'
import type { ChatJson, MessageJson } from './schemas.ts'
import { ChatsRealtime } from './realtime.ts'

export const CHATS_PAGE_SIZE = 20
export const MESSAGES_PAGE_SIZE = 20

/** Who is asking: every read and change goes through the caller's company and their membership. */
export interface Caller {
  companyId: number
  userId: number
}

type Page<T> = { records: T[]; count: number; hasMore: boolean }

const invalid = (field: string, message: string) => new AppError('ERR_VALIDATION', 400, [{ field, message }])

/**
 * `app.chats`: the internal chat of a company. A chat is reached only by its members (anyone else gets 404, as for
 * a chat that does not exist); only its owner renames it, changes its members or deletes it. Every change is
 * published live to the members it concerns (realtime.ts).
 */
export class ChatsService {
  readonly live: ChatsRealtime

  constructor(private app: FastifyInstance) {
    this.live = new ChatsRealtime(app)
  }

  private chats(trx?: Knex.Transaction) {
    return this.app.bind(Chat).query(trx)
  }

  private members(trx?: Knex.Transaction) {
    return this.app.bind(ChatUser).query(trx)
  }

  private messages(trx?: Knex.Transaction) {
    return this.app.bind(ChatMessage).query(trx)
  }

  /** The chat a path names (uuid or id), if the caller is one of its members; 404 otherwise. */
  async resolve(caller: Caller, ref: string, trx?: Knex.Transaction): Promise<Chat> {
    const query = this.chats(trx).forCompany(caller.companyId)
      .whereIn('id', this.members(trx).forCompany(caller.companyId).where('userId', caller.userId).select('chatId'))
    const numeric = /^\d+$/.test(ref)
    if (numeric && Number(ref) > 2147483647) throw new AppError('ERR_NO_CHAT_FOUND', 404)
    const chat = await (numeric ? query.findById(Number(ref)) : query.findOne({ uuid: ref.toLowerCase() }))
    if (!chat) throw new AppError('ERR_NO_CHAT_FOUND', 404)
    return chat
  }

  private async owned(caller: Caller, ref: string, trx: Knex.Transaction): Promise<Chat> {
    const chat = await this.resolve(caller, ref, trx)
    if (chat.ownerId !== caller.userId) throw new AppError('ERR_CHAT_OWNER_ONLY', 403)
    return chat
  }

  private async json(companyId: number, chat: Chat, trx?: Knex.Transaction): Promise<ChatJson> {
    return (await chatsJson(this.app, companyId, [chat], trx))[0]
  }

  /** The caller's chats, most recently active first; the title search ignores case. */
  async page(caller: Caller, opts: { searchParam?: string; pageNumber?: number; unreadOnly?: boolean }): Promise<Page<ChatJson>> {
    const page = opts.pageNumber ?? 1
    const mine = this.members().forCompany(caller.companyId).where('userId', caller.userId).select('chatId')
    if (opts.unreadOnly) mine.where('unreads', '>', 0)
    const base = this.chats().forCompany(caller.companyId).whereIn('id', mine)
    const like = opts.searchParam?.trim().toLowerCase()
    if (like) base.whereRaw("lower(title) like ? escape '!'", [`%${like.replace(/[!%_]/g, '!$&')}%`])
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(CHATS_PAGE_SIZE).offset((page - 1) * CHATS_PAGE_SIZE)
    return { records: await chatsJson(this.app, caller.companyId, rows), count: Number(n), hasMore: Number(n) > page * CHATS_PAGE_SIZE }
  }

  async get(caller: Caller, ref: string): Promise<ChatJson> {
    return this.json(caller.companyId, await this.resolve(caller, ref))
  }

  /** The member ids a request asks for, checked to be users of the company; the owner is always one. */
  private async memberIds(companyId: number, ownerId: number, users: Array<{ id: number }>, trx: Knex.Transaction): Promise<number[]> {
    const ids = [...new Set([ownerId, ...users.map((u) => u.id)])]
    const known = await userNames(this.app, companyId, ids, trx)
    const stranger = ids.find((id) => !known.has(id))
    if (stranger !== undefined) throw invalid('users', `user ${stranger} is not a user of this company`)
    return ids
  }

  private cleanTitle(title: string): string {
    const clean = title.trim()
    if (!clean) throw invalid('title', 'the title is required')
    return clean
  }

  async create(caller: Caller, input: { title: string; users: Array<{ id: number }> }): Promise<ChatJson> {
    const title = this.cleanTitle(input.title)
    const chat = await this.app.knex.transaction(async (trx) => {
      const ids = await this.memberIds(caller.companyId, caller.userId, input.users, trx)
      const row = await this.chats(trx).forCompany(caller.companyId).insert({ uuid: randomUUID(), title, ownerId: caller.userId, lastMessage: null })
      for (const userId of ids) await this.members(trx).forCompany(caller.companyId).insert({ chatId: row.id, userId, unreads: 0 })
      return this.json(caller.companyId, row, trx)
    })
    this.live.chat('create', chat)
    return chat
  }

  /** Renames and/or sets the whole member list (the owner stays a member). Removed members are told it is gone. */
  async update(caller: Caller, ref: string, input: { title?: string; users?: Array<{ id: number }> }): Promise<ChatJson> {
    const title = input.title === undefined ? undefined : this.cleanTitle(input.title)
    const { chat, removed, added } = await this.app.knex.transaction(async (trx) => {
      const row = await this.owned(caller, ref, trx)
      const before = (await this.members(trx).forCompany(caller.companyId).where('chatId', row.id)).map((m) => m.userId)
      const wanted = input.users ? await this.memberIds(caller.companyId, row.ownerId, input.users, trx) : before
      const removed = before.filter((id) => !wanted.includes(id))
      const added = wanted.filter((id) => !before.includes(id))
      if (removed.length) await this.members(trx).forCompany(caller.companyId).where('chatId', row.id).whereIn('userId', removed).delete()
      for (const userId of added) await this.members(trx).forCompany(caller.companyId).insert({ chatId: row.id, userId, unreads: 0 })
      await this.chats(trx).forCompany(caller.companyId).findById(row.id).patch(title === undefined ? {} : { title })
      const fresh = await this.chats(trx).forCompany(caller.companyId).findById(row.id)
      return { chat: await this.json(caller.companyId, fresh!, trx), removed, added }
    })
    this.live.chat('update', chat, { except: added })
    this.live.changed(chat)
    if (added.length) this.live.chat('create', chat, { only: added })
    if (removed.length) this.live.gone(chat, removed)
    return chat
  }

  async remove(caller: Caller, ref: string): Promise<ChatJson> {
    const chat = await this.app.knex.transaction(async (trx) => {
      const row = await this.owned(caller, ref, trx)
      const json = await this.json(caller.companyId, row, trx)
      await this.chats(trx).forCompany(caller.companyId).deleteById(row.id)
      return json
    })
    this.live.gone(chat, chat.users.map((u) => u.userId))
    return chat
  }

  /** The caller has read everything in the chat: their unread count goes to 0 (told to them only). */
  async markRead(caller: Caller, ref: string): Promise<ChatJson> {
    const row = await this.resolve(caller, ref)
    await this.members().forCompany(caller.companyId).where({ chatId: row.id, userId: caller.userId }).patch({ unreads: 0 })
    const chat = await this.json(caller.companyId, row)
    this.live.chat('update', chat, { only: [caller.userId] })
    return chat
  }

  /** A page of messages counted from the newest; each page is in reading order (oldest first). */
  async messagesPage(caller: Caller, ref: string, pageNumber = 1): Promise<Page<MessageJson>> {
    const chat = await this.resolve(caller, ref)
    const base = this.messages().forCompany(caller.companyId).where('chatId', chat.id)
    const [{ n }] = (await base.clone().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('id', 'desc').limit(MESSAGES_PAGE_SIZE).offset((pageNumber - 1) * MESSAGES_PAGE_SIZE)
    rows.reverse()
    const names = await userNames(this.app, caller.companyId, rows.map((m) => m.senderId))
    return { records: messagesJson(rows, names), count: Number(n), hasMore: Number(n) > pageNumber * MESSAGES_PAGE_SIZE }
  }

  /** Stores a message: the other members' unread counts go up, the chat's last message and time change. */
  async send(caller: Caller, ref: string, text: string): Promise<MessageJson> {
    if (!text.trim()) throw invalid('message', 'a blank message is not sent')
    const { chat, message } = await this.app.knex.transaction(async (trx) => {
      const row = await this.resolve(caller, ref, trx)
      const stored = await this.messages(trx).forCompany(caller.companyId).insert({ chatId: row.id, senderId: caller.userId, message: text })
      await this.members(trx).forCompany(caller.companyId).where('chatId', row.id).whereNot('userId', caller.userId).increment('unreads', 1)
      await this.chats(trx).forCompany(caller.companyId).findById(row.id).patch({ lastMessage: text })
      const fresh = await this.chats(trx).forCompany(caller.companyId).findById(row.id)
      const names = await userNames(this.app, caller.companyId, [caller.userId], trx)
      return { chat: await this.json(caller.companyId, fresh!, trx), message: messagesJson([stored], names)[0] }
    })
    this.live.message(chat, message)
    this.live.chat('update', chat)
    return message
  }

  /**
   * A deleted user leaves every chat of theirs. A chat left without members goes; one whose owner left passes to
   * the member who joined it first, so it can still be renamed or deleted. Idempotent (a replayed event finds nothing).
   */
  async removeUser(companyId: number, userId: number): Promise<void> {
    const changes = await this.app.knex.transaction(async (trx) => {
      const rows = await this.members(trx).forCompany(companyId).where('userId', userId)
      const out: ChatJson[] = []
      for (const chatId of rows.map((r) => r.chatId)) {
        await this.members(trx).forCompany(companyId).where({ chatId, userId }).delete()
        const chat = await this.chats(trx).forCompany(companyId).findById(chatId)
        if (!chat) continue
        const heir = await this.members(trx).forCompany(companyId).where('chatId', chatId).orderBy('id').first()
        if (!heir) {
          await this.chats(trx).forCompany(companyId).deleteById(chatId)
          continue
        }
        if (chat.ownerId === userId) await this.chats(trx).forCompany(companyId).findById(chatId).patch({ ownerId: heir.userId })
        out.push(await this.json(companyId, (await this.chats(trx).forCompany(companyId).findById(chatId))!, trx))
      }
      return out
    })
    for (const chat of changes) this.live.chat('update', chat)
  }
}
