import t from 'tap'
import fs from 'node:fs'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call } from './test-helpers.ts'

/** A sandbox connection through the connections plugin's API, waited for until CONNECTED. */
async function connectSandbox(app: Awaited<ReturnType<typeof build>>, headers: { authorization: string }) {
  const res = await call(app, 'POST', '/whatsapp', headers, { name: 'Sandbox', provider: 'sandbox' })
  t.equal(res.statusCode, 201, res.body)
  const id = res.json().id as number
  for (let i = 0; i < 100; i++) {
    if ((await call(app, 'GET', `/whatsapp/${id}`, headers)).json().status === 'CONNECTED') return id
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('sandbox never connected')
}

t.test('without a connected connection numbers are only normalized', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  // 9 digits: the sandbox would refuse it (it wants 10 to 15), but no channel is asked.
  const res = await call(app, 'POST', '/contacts', c.user.headers, { name: 'Curto', number: '119876543' })
  t.equal(res.statusCode, 201, res.body)
})

// This one needs the connections plugin's sandbox driver; an install without that plugin skips it.
const withConnections = fs.existsSync(new URL('../../connections/plugin.ts', import.meta.url)) ? false : 'the connections plugin is not installed'

t.test('with a connected connection the number is checked on the channel', { skip: withConnections }, async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await connectSandbox(app, c.admin.headers)
  const invalid = await call(app, 'POST', '/contacts', c.user.headers, { name: 'Curto', number: '119876543' })
  t.equal(invalid.statusCode, 400)
  t.equal(invalid.json().error, 'ERR_WAPP_INVALID_CONTACT')
  const ok = await call(app, 'POST', '/contacts', c.user.headers, { name: 'Longo', number: '+55 11 98765-4321' })
  t.equal(ok.statusCode, 201, ok.body)
  t.equal(ok.json().number, '5511987654321')
  const id = ok.json().id
  const upd = await call(app, 'PUT', `/contacts/${id}`, c.user.headers, { number: '119876543' })
  t.equal(upd.json().error, 'ERR_WAPP_INVALID_CONTACT', 'a changed number is checked again')
  t.equal((await call(app, 'PUT', `/contacts/${id}`, c.user.headers, { name: 'Longo Dois', number: '5511987654321' })).statusCode, 200, 'an unchanged number is not')
})

t.test('the channel is a replaceable hook: corrected numbers and profile pictures are stored', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const asked: string[] = []
  app.contacts.channel = {
    async checkNumber(_companyId, number) {
      asked.push(number)
      // WhatsApp knows some Brazilian mobiles without the ninth digit.
      return number.replace(/^55(\d\d)9(\d{8})$/, '55$1$2')
    },
    async profilePicture(_companyId, number) {
      return `https://pps.example.test/${number}.jpg`
    },
  }
  const res = await call(app, 'POST', '/contacts', c.user.headers, { name: 'Corrigido', number: '5581998765432' })
  t.equal(res.statusCode, 201, res.body)
  t.match(res.json(), { number: '558198765432', profilePicUrl: 'https://pps.example.test/558198765432.jpg' })
  t.same(asked, ['5581998765432'])
  app.contacts.channel = { checkNumber: async () => { throw new Error('socket closed') }, profilePicture: async () => null }
  await t.rejects(app.contacts.create(c.id, { name: 'Falha', number: '5581911112222' }), /socket closed/, 'a broken hook surfaces')
})
