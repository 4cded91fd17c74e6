import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'

export type Headers = TestHeaders

export const call = apiCall

export async function createTag(app: FastifyInstance, headers: Headers, over: Record<string, unknown> = {}): Promise<{ id: number; name: string; color: string; kanban: number }> {
  const res = await call(app, 'POST', '/tags', headers, { name: 'Cliente VIP', color: '#ff8800', ...over })
  if (res.statusCode !== 201) throw new Error(`tag not created: ${res.statusCode} ${res.body}`)
  return res.json()
}
