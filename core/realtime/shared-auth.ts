import type { AuthContext } from '../auth/types.ts'

/** Distinct sets kept at most: a bound on memory, not a policy (all are forgotten when it is reached). */
const MAX_KEPT = 1000

/**
 * One copy of the parts of a socket's auth context that many sockets hold alike. Each loaded context brings its own
 * feature set (the company's plan features, parsed anew), permission set (its profile's actions) and queue list,
 * about 600 bytes a socket, while a company's sockets hold a handful of distinct ones between them. Contexts are
 * never changed in place (a refresh replaces the whole context), so sockets can share these.
 */
export class SharedAuthParts {
  private sets = new Map<string, Set<string>>()
  private lists = new Map<string, number[]>()

  /** A copy of the context holding the shared sets and queue list equal to its own. */
  share(auth: AuthContext): AuthContext {
    return { ...auth, features: this.set(auth.features), permissions: this.set(auth.permissions), queueIds: this.list(auth.queueIds) }
  }

  private set(values: Set<string>): Set<string> {
    const key = [...values].sort().join('\n')
    return this.kept(this.sets, key, values)
  }

  private list(values: number[]): number[] {
    return this.kept(this.lists, values.join(','), values)
  }

  private kept<T>(map: Map<string, T>, key: string, value: T): T {
    const found = map.get(key)
    if (found) return found
    if (map.size >= MAX_KEPT) map.clear()
    map.set(key, value)
    return value
  }
}
