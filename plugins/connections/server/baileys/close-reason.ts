import type { CloseReason, DisconnectCause } from '../driver.ts'

/** Baileys' DisconnectReason codes (lastDisconnect.error.output.statusCode). */
export const CODES = { connectionClosed: 428, timedOut: 408, connectionReplaced: 440, loggedOut: 401, badSession: 500, restartRequired: 515, multideviceMismatch: 411, forbidden: 403, unavailableService: 503 } as const

/** The status code of a close (a Boom error carries it in output.statusCode). */
export function closeCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode
  return typeof code === 'number' ? code : undefined
}

/**
 * What a socket close means for the session:
 * - logged out (or a device mismatch that only re-pairing fixes): forget the pairing, stop;
 * - restart required (right after a QR scan): reconnect at once;
 * - replaced (another client took this account over) or forbidden (banned): stop, a retry would only fight;
 * - timed out while showing QR codes nobody scanned: stop until a user asks again, not a QR loop forever;
 * - anything else (network, server trouble): retry with backoff.
 */
export function closeReason(code: number | undefined, state: { qrShown: boolean; paired: boolean }): CloseReason {
  if (code === CODES.loggedOut || code === CODES.multideviceMismatch) return 'loggedOut'
  if (code === CODES.restartRequired) return 'restart'
  if (code === CODES.connectionReplaced || code === CODES.forbidden) return 'gaveUp'
  if (code === CODES.timedOut && state.qrShown && !state.paired) return 'gaveUp'
  return 'lost'
}

/** Errors of a socket that never reached WhatsApp (no route, DNS, refused, reset, TLS). */
const NETWORK_ERRORS = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT|socket hang up|getaddrinfo|WebSocket Error|Connection Closed|Connection Terminated/i

/** What to tell the people looking at the connection about a close. */
export function closeCause(code: number | undefined, message: string | undefined, state: { qrShown: boolean; paired: boolean }): DisconnectCause {
  if (code === CODES.loggedOut || code === CODES.multideviceMismatch) return 'loggedOut'
  if (code === CODES.connectionReplaced) return 'replaced'
  if (code === CODES.forbidden) return 'banned'
  if (code === CODES.timedOut && state.qrShown && !state.paired) return 'qrExpired'
  if (code === CODES.badSession || code === CODES.unavailableService) return 'serverError'
  if (code === undefined || code === CODES.connectionClosed || code === CODES.timedOut || NETWORK_ERRORS.test(message ?? '')) return 'network'
  return 'unknown'
}
