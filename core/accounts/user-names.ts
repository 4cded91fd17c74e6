import type { FastifyInstance } from 'fastify'
import { companyCache, type CompanyCache } from '../db/company-cache.ts'

/**
 * Columns of users and their sessions written on every socket connection or token refresh (presence and session
 * bookkeeping): nothing kept from those tables (auth contexts, names) is made of them, so their writes keep it.
 */
export const USER_BOOKKEEPING = ['online', 'lastSeenAt', 'refreshedAt', 'updatedAt']

const caches = new WeakMap<FastifyInstance, CompanyCache<ReadonlyMap<number, string>>>()

/**
 * The names of a company's users by id, kept per company until a write to users: what answers showing who holds
 * something (every ticket names its agent) read here instead of joining the kernel's users in their queries. Only the
 * company's users: a stale id of another company's user is absent.
 */
export function companyUserNames(app: FastifyInstance, companyId: number): Promise<ReadonlyMap<number, string>> {
  let cache = caches.get(app)
  if (!cache) {
    cache = companyCache(app, ['users'], async (id) => {
      const rows: Array<{ id: number; name: string }> = await app.knex('users').where({ companyId: id }).select('id', 'name')
      return new Map(rows.map((u) => [Number(u.id), String(u.name)]))
    }, { ignoreColumns: USER_BOOKKEEPING })
    caches.set(app, cache)
  }
  return cache.get(companyId)
}
