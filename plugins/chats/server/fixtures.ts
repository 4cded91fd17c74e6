import type { FastifyInstance } from 'fastify'

/**
 * A chat of company B with every one of its users as a member (its admin owns it) and a message, so the
 * cross-tenant check's calls aim at a real chat and B's own admin reaches it (the check's control calls).
 */
export async function chatsFixtures(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const users = await app.knex('users').where({ companyId }).orderBy('id').select('id', 'profile') as Array<{ id: number; profile: string }>
  const owner = users.find((u) => u.profile === 'admin') ?? users[0]
  const caller = { companyId, userId: owner.id }
  const chat = await app.chats.create(caller, { title: `Equipe ${marker}`, users: users.map((u) => ({ id: u.id })) })
  await app.chats.send(caller, chat.uuid, `Bom dia ${marker}`)
  return { chats: chat.id }
}
