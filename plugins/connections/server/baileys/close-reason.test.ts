import t from 'tap'
import { closeCause, closeCode, closeReason, CODES } from './close-reason.ts'

t.test('close codes decide between retry, restart, stop and logout', async (t) => {
  const paired = { qrShown: false, paired: true }
  t.equal(closeReason(CODES.loggedOut, paired), 'loggedOut')
  t.equal(closeReason(CODES.multideviceMismatch, paired), 'loggedOut')
  t.equal(closeReason(CODES.restartRequired, { qrShown: true, paired: false }), 'restart')
  t.equal(closeReason(CODES.connectionReplaced, paired), 'gaveUp')
  t.equal(closeReason(CODES.forbidden, paired), 'gaveUp')
  t.equal(closeReason(CODES.timedOut, paired), 'lost', 'a paired phone that lost the network is retried')
  t.equal(closeReason(CODES.timedOut, { qrShown: false, paired: false }), 'lost', 'no network before any QR: retried')
  t.equal(closeReason(CODES.timedOut, { qrShown: true, paired: false }), 'gaveUp', 'QR codes expired unscanned: stop')
  for (const code of [CODES.connectionClosed, CODES.badSession, CODES.unavailableService, undefined, 999]) t.equal(closeReason(code, paired), 'lost', `${code}: retry`)
})

t.test('the code is read from a Boom error, anything else has none', async (t) => {
  t.equal(closeCode({ output: { statusCode: 408 } }), 408)
  t.equal(closeCode(new Error('x')), undefined)
  t.equal(closeCode(undefined), undefined)
  t.equal(closeCode({ output: { statusCode: '401' } }), undefined)
})

t.test('what the people looking at the connection are told about a close', async (t) => {
  const paired = { qrShown: false, paired: true }
  t.equal(closeCause(undefined, 'getaddrinfo ENOTFOUND web.whatsapp.com', paired), 'network', 'WhatsApp cannot be reached')
  t.equal(closeCause(CODES.connectionClosed, 'Connection Closed', paired), 'network')
  t.equal(closeCause(CODES.loggedOut, 'Connection Failure', paired), 'loggedOut')
  t.equal(closeCause(CODES.connectionReplaced, 'Stream Errored (conflict)', paired), 'replaced')
  t.equal(closeCause(CODES.forbidden, 'Connection Failure', paired), 'banned')
  t.equal(closeCause(CODES.timedOut, 'QR refs attempts ended', { qrShown: true, paired: false }), 'qrExpired')
  t.equal(closeCause(CODES.unavailableService, 'Stream Errored', paired), 'serverError')
  t.equal(closeCause(999, 'who knows', paired), 'unknown')
})
