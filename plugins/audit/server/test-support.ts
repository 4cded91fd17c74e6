import type { FastifyInstance } from 'fastify'
import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import '../server/types.ts'

export { apiCall as call }

export interface Change { before?: unknown; after?: unknown }
export interface Entry {
  id: number; companyId: number; companyName?: string; userId: number; userName: string; ip: string; method: string; route: string
  kind: string; resourceId: string | null; label: string | null; action: string; changes: Record<string, Change>; createdAt: string
}

/** The log as the caller reads it, once every entry under way is written. */
export async function entries(app: FastifyInstance, headers: TestHeaders, query = ''): Promise<Entry[]> {
  await app.audit.idle()
  const res = await apiCall(app, 'GET', `/audit${query}`, headers)
  if (res.statusCode !== 200) throw new Error(`GET /audit${query} -> ${res.statusCode} ${res.body}`)
  return res.json().entries as Entry[]
}
