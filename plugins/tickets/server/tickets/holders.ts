import type { FastifyInstance } from 'fastify'
import { companyCache, type CompanyCache } from '@zapdesk/plugin-api'

/** Updates of only these columns of users (presence and session bookkeeping) leave the names as they are. */
const BOOKKEEPING = ['online', 'lastSeenAt', 'refreshedAt', 'updatedAt']
const caches = new WeakMap<FastifyInstance, CompanyCache<Map<number, string>>>()

/**
 * The names of a company's users by id (the kernel's users table), kept per company until a write to it: every
 * ticket names its holder, and joining users in a page's query cost the database a lookup (and on MariaDB a scan of
 * the company's users) for each of its 41 rows.
 */
export function holderNames(app: FastifyInstance, companyId: number): Promise<Map<number, string>> {
  let cache = caches.get(app)
  if (!cache) {
    cache = companyCache(app, ['users'], async (id) => {
      const rows: Array<{ id: number; name: string }> = await app.knex('users').where({ companyId: id }).select('id', 'name')
      return new Map(rows.map((u) => [Number(u.id), String(u.name)]))
    }, { ignoreColumns: BOOKKEEPING })
    caches.set(app, cache)
  }
  return cache.get(companyId)
}
