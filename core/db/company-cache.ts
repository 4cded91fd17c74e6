import type { FastifyInstance } from 'fastify'
import type { WatchOptions } from './table-writes.ts'

export interface CompanyCacheOptions extends WatchOptions {
  /** How long a company's value is kept at most: the bound on a write made outside the app (default 60 s). */
  ttlMs?: number
  /** Companies kept at most: a bound on memory (the whole cache is dropped when it is reached). */
  maxCompanies?: number
}

/** A per-company value read from some tables, kept in memory until a write to them (see CompanyCache). */
export interface CompanyCache<T> {
  get(companyId: number): Promise<T>
  /** Forgets every kept value. */
  clear(): void
}

/**
 * Keeps `load(companyId)` in memory per company, dropped by any write to `tables` (app.tableWrites: seen on the
 * knex here, announced to the other instances), for small, seldom written per-company sets that hot reads ask for on
 * every request (a company's queues, its connections). A read that overlapped a write is answered but not kept.
 */
export function companyCache<T>(app: FastifyInstance, tables: string[], load: (companyId: number) => Promise<T>, options: CompanyCacheOptions = {}): CompanyCache<T> {
  const ttlMs = options.ttlMs ?? 60_000
  const max = options.maxCompanies ?? 10_000
  const kept = new Map<number, { value: T; expires: number }>()
  const watch = app.tableWrites.watch(tables, () => kept.clear(), options)
  return {
    async get(companyId) {
      const entry = kept.get(companyId)
      if (entry && entry.expires > Date.now()) return entry.value
      const generation = watch.mark()
      const value = await load(companyId)
      if (watch.mayKeep(generation)) {
        if (kept.size >= max) kept.clear()
        kept.set(companyId, { value, expires: Date.now() + ttlMs })
      }
      return value
    },
    clear: () => kept.clear(),
  }
}
