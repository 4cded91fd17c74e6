import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'
import { Whatsapp } from './models.ts'

/**
 * The messages-API token of a connection. The server makes it (32 random bytes), shows it once and keeps only its
 * SHA-256: a copy of the database does not let anyone send. A token is found by its hash (an indexed lookup, so
 * the time taken says nothing about how close a guess was), then the hashes are compared in constant time.
 */

/** Recognisable in logs and secret scanners; the rest is 256 random bits. */
const PREFIX = 'zdk_'

export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export function generateApiToken(): string {
  return PREFIX + randomBytes(32).toString('base64url')
}

/** Makes a new token for the company's connection (the old one stops working at once) and answers it, the only time. */
export async function rotateApiToken(app: FastifyInstance, companyId: number, whatsappId: number): Promise<string> {
  const token = generateApiToken()
  const changed = await app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId).patch({ apiTokenHash: hashApiToken(token) })
  if (!changed) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  return token
}

/** Removes the connection's token: the API refuses it from now on. */
export async function revokeApiToken(app: FastifyInstance, companyId: number, whatsappId: number): Promise<void> {
  const changed = await app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId).patch({ apiTokenHash: null })
  if (!changed) throw new AppError('ERR_NO_WAPP_FOUND', 404)
}

/** The connection a token belongs to, or undefined for an empty, malformed or unknown token. */
export async function findByApiToken(app: FastifyInstance, token: string): Promise<{ companyId: number; whatsappId: number } | undefined> {
  // Tokens typed in before the server made them could be any text up to 200 characters; longer is never one.
  if (!token || token.length > 200) return undefined
  const hash = hashApiToken(token)
  const row = await app.knex(Whatsapp.tableName).where({ apiTokenHash: hash }).first('id', 'companyId', 'apiTokenHash')
  if (!row?.apiTokenHash) return undefined
  const stored = Buffer.from(String(row.apiTokenHash), 'hex')
  const given = Buffer.from(hash, 'hex')
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined
  return { companyId: Number(row.companyId), whatsappId: Number(row.id) }
}
