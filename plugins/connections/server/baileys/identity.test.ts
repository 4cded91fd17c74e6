import t from 'tap'
import { isIgnoredChat, normalizeJid, resolveChat, resolveIdentity, splitJid } from './identity.ts'

t.test('jids: device and agent parts are dropped, c.us is the phone-number server', async (t) => {
  t.same(splitJid('5511988887777:12@s.whatsapp.net'), { user: '5511988887777', server: 's.whatsapp.net' })
  t.same(splitJid('118227536617512_1:3@lid'), { user: '118227536617512', server: 'lid' })
  t.equal(splitJid('nope'), undefined)
  t.equal(splitJid('@s.whatsapp.net'), undefined)
  t.equal(normalizeJid('5511988887777@c.us'), '5511988887777@s.whatsapp.net')
  t.equal(normalizeJid('garbage'), 'garbage')
})

t.test('chats the platform does not serve', async (t) => {
  for (const jid of ['status@broadcast', '12345@broadcast', '1203@newsletter', '', null]) t.ok(isIgnoredChat(jid), String(jid))
  for (const jid of ['5511988887777@s.whatsapp.net', '118227536617512@lid', '120363041234567890@g.us']) t.notOk(isIgnoredChat(jid), jid)
})

t.test('one identity from PN, LID, their alternative and the session\'s mapping', async (t) => {
  const pn = '5511988887777@s.whatsapp.net'
  const lid = '118227536617512@lid'
  const full = { jid: pn, key: '5511988887777', number: '5511988887777', lid }
  t.same(resolveIdentity(pn, lid), full)
  t.same(resolveIdentity(lid, pn), full)
  t.same(resolveIdentity(lid, undefined, (l) => (l === lid ? pn : undefined)), full)
  t.same(resolveIdentity(`5511988887777:4@s.whatsapp.net`), { jid: pn, key: '5511988887777', number: '5511988887777' })
  t.same(resolveIdentity(lid), { jid: lid, key: lid, lid })
  t.same(resolveIdentity('118227536617512@hosted.lid', '5511988887777@hosted'), { jid: '5511988887777@hosted', key: '5511988887777', number: '5511988887777', lid: '118227536617512@hosted.lid' })
  t.same(resolveIdentity(lid, undefined, () => 'not-a-pn@lid'), { jid: lid, key: lid, lid }, 'a bad mapping is ignored')
  t.same(resolveChat('120363041234567890@g.us', lid), { jid: '120363041234567890@g.us', key: '120363041234567890@g.us', number: '120363041234567890', isGroup: true })
})
