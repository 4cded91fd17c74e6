import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { SESSION_STATUSES } from '../server/driver.ts'
import { anyNeedsAttention, applyEvent, needsAttention, qrUpdate, sessionActions, STATUS_LOOK } from './session.ts'
import type { Connection, SessionStatus } from './types.ts'

t.test('translations: the spec\'s texts', async (t) => {
  t.equal(pt.qr.waiting, 'Waiting for QR Code', 'the spec\'s literal')
  t.ok([pt.qr.step1, pt.qr.step2, pt.qr.step3, pt.qr.step4].every(Boolean), 'four pairing steps')
  for (const s of SESSION_STATUSES) t.ok((pt.status as Record<string, string>)[s], `status ${s} has a text`)
})

t.test('session actions by status, as the spec lists them', async (t) => {
  t.same(sessionActions('qrcode'), ['showQr'])
  t.same(sessionActions('DISCONNECTED'), ['retry', 'newQr'])
  for (const s of ['CONNECTED', 'PAIRING', 'TIMEOUT'] as const) t.same(sessionActions(s), ['disconnect'], s)
  t.same(sessionActions('OPENING'), ['connecting'])
  t.same(sessionActions('bogus' as SessionStatus), [])
  for (const s of SESSION_STATUSES) t.ok(STATUS_LOOK[s], `${s} has a look`)
})

t.test('attention states drive the menu badge', async (t) => {
  t.same(SESSION_STATUSES.filter(needsAttention).sort(), ['DISCONNECTED', 'OPENING', 'PAIRING', 'TIMEOUT', 'qrcode'])
  t.notOk(anyNeedsAttention([]))
  t.notOk(anyNeedsAttention([{ status: 'CONNECTED' }]))
  t.ok(anyNeedsAttention([{ status: 'CONNECTED' }, { status: 'TIMEOUT' }]))
})

t.test('QR dialog: waits before a code, shows codes, closes once a shown code is cleared', async (t) => {
  t.same(qrUpdate('', ''), { code: '', close: false }, 'OPENING before any code keeps waiting')
  t.same(qrUpdate('', 'abc'), { code: 'abc', close: false })
  t.same(qrUpdate('abc', 'def'), { code: 'def', close: false }, 'a refreshed code replaces the old one')
  t.same(qrUpdate('abc', ''), { code: '', close: true }, 'scanned or expired: close')
  t.same(qrUpdate('abc', null), { code: '', close: true })
  t.same(qrUpdate('', '', 'CONNECTED'), { code: '', close: true }, 'paired elsewhere (or a sandbox): nothing to scan')
  t.same(qrUpdate('', '', 'TIMEOUT'), { code: '', close: false })
})

const conn = (id: number, name: string, extra: Partial<Connection> = {}) => ({ id, name, status: 'CONNECTED', hasToken: false, ...extra }) as Connection

t.test('realtime events keep the list sorted by name and never resurrect a deleted row', async (t) => {
  let list = [conn(2, 'Vendas', { hasToken: true })]
  list = applyEvent(list, 'whatsapp', { action: 'update', whatsapp: conn(1, 'Atendimento') })
  t.same(list.map((c) => c.name), ['Atendimento', 'Vendas'])
  list = applyEvent(list, 'whatsappSession', { action: 'update', session: { ...conn(2, 'Vendas', { hasToken: true }), status: 'TIMEOUT' } })
  t.match(list[1], { status: 'TIMEOUT', hasToken: true }, 'status updated')
  list = applyEvent(list, 'whatsapp', { action: 'delete', whatsappId: 2 })
  t.same(list.map((c) => c.id), [1])
  list = applyEvent(list, 'whatsappSession', { action: 'update', session: conn(2, 'Vendas') })
  t.same(list.map((c) => c.id), [1], 'a late status of a deleted connection is ignored')
})
