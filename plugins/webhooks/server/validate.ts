import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { AppError, isPrivateAddress } from '@zapdesk/plugin-api'
import { allowsPrivate } from './options.ts'

/**
 * An endpoint's address: http(s) only, and (without private targets allowed) not one that can only be internal,
 * refused when saved as well as when called (the kernel's guard checks the address actually connected to).
 */
export function checkedUrl(app: FastifyInstance, raw: string): string {
  const url = raw.trim()
  const parsed = URL.canParse(url) ? new URL(url) : null
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname || parsed.username || parsed.password) {
    throw new AppError('ERR_WEBHOOK_URL_INVALID', 400, [{ field: 'body/url', message: 'an http(s) address' }])
  }
  if (!allowsPrivate(app, url)) {
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase()
    if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host))) {
      throw new AppError('ERR_WEBHOOK_URL_NOT_ALLOWED', 400, [{ field: 'body/url', message: 'a private or loopback address' }])
    }
  }
  return url
}
