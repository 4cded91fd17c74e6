import t from 'tap'
import { WebSocketServer } from 'ws'
import type { AddressInfo } from 'node:net'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { createWhatsapp } from '../whatsapp-service.ts'
import { baileysDriver } from './driver.ts'
import type { CloseReason, InboundEvent, SessionHost } from '../driver.ts'
import * as F from './fixtures/messages.ts'

/**
 * The driver's glue around a real socket: a local WebSocket server that accepts and stays silent keeps Baileys
 * "connecting", and the test plays WhatsApp's part by emitting Baileys events on the socket's event emitter.
 */
t.test('socket events become statuses, normalized inbound events, acks and close reasons; creds are saved', async (t) => {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise((r) => wss.once('listening', r))
  t.teardown(() => new Promise((r) => wss.close(r)))
  const port = (wss.address() as AddressInfo).port
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const { created } = await createWhatsapp(app, c.id, { name: 'Celular', provider: 'sandbox' })
  const seen = { statuses: [] as string[], inbound: [] as InboundEvent[], acks: [] as number[], closed: [] as CloseReason[], lookups: [] as string[] }
  const host: SessionHost = {
    app, companyId: c.id, whatsappId: created.id, log: app.log,
    status: (u) => void seen.statuses.push(u.qrcode ? `${u.status}:${u.qrcode}` : u.status),
    inbound: (e) => void seen.inbound.push(e),
    ack: (a) => void seen.acks.push(a.ack),
    closed: (reason) => void seen.closed.push(reason),
    getMessage: async (ref) => (seen.lookups.push(ref.externalId), undefined),
  }
  const driver = baileysDriver({ socketConfig: { waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat`, connectTimeoutMs: 60_000 } })
  const session = driver.createSession(host)
  await session.start()
  const sock = (session as unknown as { sock: { ev: { emit: (name: string, data: unknown) => void }; user?: { id: string } } }).sock
  const emit = (name: string, data: unknown) => sock.ev.emit(name, data)

  emit('connection.update', { qr: '2@abc,def,ghi' })
  t.same(seen.statuses, ['qrcode:2@abc,def,ghi'], 'a QR code')
  await t.rejects(session.send({ to: '5511988887777', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'no sends before open')
  sock.user = { id: '5511999990000:7@s.whatsapp.net' }
  emit('connection.update', { connection: 'open' })
  t.same(seen.statuses.at(-1), 'CONNECTED')

  emit('messages.upsert', { messages: [F.text, F.statusBroadcast, F.image], type: 'notify' })
  emit('messages.upsert', { messages: [F.fromMePhone], type: 'append' })
  emit('lid-mapping.update', { lid: F.ids.LID, pn: F.ids.PN })
  emit('messages.upsert', { messages: [F.lidOnly], type: 'notify' })
  emit('call', [F.callOffer, F.callTerminate])
  emit('messages.update', F.receipts)
  await new Promise((r) => setTimeout(r, 100))
  t.same(seen.inbound.map((e) => `${e.kind}:${e.externalId}`), ['message:3EB0C431C26A1916E1B4', 'message:A5F1C2D3E4B5A6978801', 'message:3EB0LIDONLY000000001', `call:${F.callOffer.id}`],
    'notify messages (not status, not appended echoes) and call offers')
  t.equal(seen.inbound[2].chat.key, F.ids.number, 'a LID-only chat resolves through the mapping the socket learnt')
  t.match((seen.inbound[1] as { raw?: string }).raw, /imageMessage/, 'raw content for the message store')
  t.same(seen.acks, [2, 3, 1, 4])

  emit('creds.update', {})
  await new Promise((r) => setTimeout(r, 100))
  t.ok(await app.knex('whatsappAuthKeys').where({ whatsappId: created.id, type: 'creds' }).first(), 'creds saved on creds.update')

  emit('connection.update', { connection: 'close', lastDisconnect: { error: { message: 'logged out', output: { statusCode: 401 } }, date: new Date() } })
  t.same(seen.closed, ['loggedOut'])
  emit('connection.update', { qr: 'late' })
  t.notOk(seen.statuses.includes('qrcode:late'), 'nothing after the close')
  await session.stop()
})
