import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { clearAuthState, isPaired, loadAuthState } from './auth-state.ts'
import { createWhatsapp } from '../whatsapp-service.ts'

t.test('creds and Signal keys live in the database, one row per key, and survive a reload', async (t) => {
  const app = await build(t)
  const B = await import('@whiskeysockets/baileys')
  const c = await createCompanyWithUsers(app)
  const { created: w } = await createWhatsapp(app, c.id, { name: 'Celular', provider: 'sandbox' })
  const { created: other } = await createWhatsapp(app, c.id, { name: 'Outro', provider: 'sandbox' })

  const first = await loadAuthState(app, B, c.id, w.id)
  t.notOk(isPaired(first.state.creds), 'fresh creds are not paired')
  first.state.creds.me = { id: '5511999999999:3@s.whatsapp.net', name: 'Loja' }
  await first.saveCreds()
  const session = new Uint8Array([1, 2, 3, 250])
  const keyPair = { public: Buffer.from('pub'), private: Buffer.from('priv') }
  await first.state.keys.set({
    session: { '5511988887777.0': session },
    'pre-key': { 1: keyPair, 2: keyPair },
    'app-state-sync-key': { AAAA: { keyData: Buffer.from('k'), timestamp: 1 } as never },
    'lid-mapping': { '5511988887777': '118227536617512' },
  })
  const rows = await app.knex('whatsappAuthKeys').where({ whatsappId: w.id }).orderBy('type').select('type', 'keyId')
  t.same(rows.map((r: { type: string; keyId: string }) => `${r.type}/${r.keyId}`).sort(),
    ['app-state-sync-key/AAAA', 'creds/', 'lid-mapping/5511988887777', 'pre-key/1', 'pre-key/2', 'session/5511988887777.0'], 'one row per key')

  const again = await loadAuthState(app, B, c.id, w.id)
  t.ok(isPaired(again.state.creds), 'a restart resumes paired, without a new QR')
  t.same(Buffer.from(again.state.creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private), 'key bytes survive (BufferJSON)')
  const got = await again.state.keys.get('session', ['5511988887777.0', 'missing'])
  t.same(Buffer.from(got['5511988887777.0']), Buffer.from(session))
  t.notOk('missing' in got, 'absent keys are absent')
  const pre = await again.state.keys.get('pre-key', ['1', '2'])
  t.same(Buffer.from(pre['2'].private), Buffer.from('priv'))
  const sync = await again.state.keys.get('app-state-sync-key', ['AAAA'])
  t.ok(sync.AAAA instanceof B.proto.Message.AppStateSyncKeyData, 'app-state keys come back as protobuf objects')
  t.same((await again.state.keys.get('lid-mapping', ['5511988887777']))['5511988887777'], '118227536617512')

  await again.state.keys.set({ session: { '5511988887777.0': new Uint8Array([9]) }, 'pre-key': { 1: null } })
  t.same(Buffer.from((await again.state.keys.get('session', ['5511988887777.0']))['5511988887777.0']), Buffer.from([9]), 'a key update overwrites its row')
  t.same(Object.keys(await again.state.keys.get('pre-key', ['1', '2'])), ['2'], 'a null value deletes the key')
  const many = Object.fromEntries(Array.from({ length: 450 }, (_, i) => [String(100 + i), keyPair]))
  await again.state.keys.set({ 'pre-key': many })
  t.equal(Object.keys(await again.state.keys.get('pre-key', Object.keys(many))).length, 450, 'large batches are chunked')

  t.same(await (await loadAuthState(app, B, c.id, other.id)).state.keys.get('session', ['5511988887777.0']), {}, 'another connection has its own keys')
  await clearAuthState(app, c.id, w.id)
  t.notOk(isPaired((await loadAuthState(app, B, c.id, w.id)).state.creds), 'wiped: the next start shows a QR')
  t.equal((await app.knex('whatsappAuthKeys').where({ whatsappId: w.id }).count({ n: '*' }).first())!.n, 0)
})
