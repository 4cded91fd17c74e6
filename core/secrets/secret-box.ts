import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import type { Config } from '../../config/index.ts'

/**
 * Secrets kept for companies (an AI provider's key, a speech key) are sealed with AES-256-GCM before they reach the
 * database, so a leaked dump or backup does not leak them. A sealed value reads `v1.<iv>.<tag>.<ciphertext>`
 * (base64url): the version lets a later key or algorithm live next to older rows.
 */
const VERSION = 'v1'
const IV_BYTES = 12

export class SecretError extends Error {
  name = 'SecretError'
}

/** The AES key: SECRETS_KEY hashed to 32 bytes, or one derived from JWT_SECRET when it is not set. */
function keyOf(config: Pick<Config, 'secretsKey' | 'jwtSecret'>): Buffer {
  if (config.secretsKey) return createHash('sha256').update(config.secretsKey).digest()
  return Buffer.from(hkdfSync('sha256', config.jwtSecret, 'zapdesk', 'zapdesk secrets v1', 32))
}

export function sealSecret(config: Pick<Config, 'secretsKey' | 'jwtSecret'>, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
}

/** The plain text of a sealed value; throws SecretError when it was sealed with another key or was altered. */
export function openSecret(config: Pick<Config, 'secretsKey' | 'jwtSecret'>, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretError('not a sealed secret')
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretError('the secret cannot be opened with this key (SECRETS_KEY changed?) or was altered')
  }
}
