import type { FastifyInstance } from 'fastify'
import { apiCall, createCompanyWithUsers, multipart, type MultipartPart, type TestCompany } from '@zapdesk/plugin-api/testing'
import { sandboxConnection } from '@zapdesk/connections/testing'

/** A company with a connected sandbox connection and that connection's API token. */
export interface ApiWorld {
  company: TestCompany
  whatsappId: number
  token: string
}

export async function apiWorld(app: FastifyInstance, opts: { planName?: string } = {}): Promise<ApiWorld> {
  const company = await createCompanyWithUsers(app, opts)
  const { id } = await sandboxConnection(app, company.admin.headers, { isDefault: true })
  const res = await apiCall(app, 'POST', `/whatsapp/${id}/token`, company.admin.headers)
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`)
  return { company, whatsappId: id, token: res.json().token }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** POST /api/messages/send with JSON, as an integrator's curl does. */
export const sendJson = (app: FastifyInstance, token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/messages/send', headers: { ...(token === null ? {} : bearer(token)), ...headers }, payload: payload as object })

/** POST /api/messages/send as multipart (number, body, medias). */
export function sendMultipart(app: FastifyInstance, token: string, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts)
  return app.inject({ method: 'POST', url: '/api/messages/send', headers: { ...bearer(token), 'content-type': contentType }, payload })
}

/** The company's private media files on disk (what a refused upload must not leave behind). */
export async function mediaCount(app: FastifyInstance, companyId: number): Promise<number> {
  return (await app.storage.list(companyId)).length
}
