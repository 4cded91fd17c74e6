import t from 'tap'
import { apiCall, build, waitFor } from '@zapdesk/plugin-api/testing'
import { sandboxOutbox } from '@zapdesk/connections/testing'
import { apiWorld, mediaCount, sendMultipart } from './test-support/world.ts'

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

t.test('multipart: each file is a message, the text the caption of the first that can carry one', async (t) => {
  const app = await build(t)
  const { company, whatsappId, token } = await apiWorld(app)
  const res = await sendMultipart(app, token, [
    { field: 'number', value: '5511988887777' }, { field: 'body', value: 'Segue o boleto' },
    { field: 'medias', fileName: 'boleto.pdf', data: Buffer.from('%PDF-1.4 boleto'), type: 'application/pdf' },
    { field: 'medias', fileName: 'foto.png', data: png, type: 'image/png' },
  ])
  t.equal(res.statusCode, 201, res.body)
  const sent = res.json()
  t.match(sent.messages, [
    { mediaType: 'application', mediaName: 'boleto.pdf', body: 'Segue o boleto' },
    { mediaType: 'image', mediaName: 'foto.png', body: '' },
  ])
  const outbox = await waitFor(async () => {
    const rows = await sandboxOutbox(app, company.admin.headers, whatsappId)
    return rows.length === 2 ? rows : undefined
  }, 5000, 'both sent')
  t.same(outbox.map((m) => m.fileName).sort(), ['boleto.pdf', 'foto.png'])
  t.ok(outbox.every((m) => m.to === '5511988887777@s.whatsapp.net'))
  const messages = (await apiCall(app, 'GET', `/messages/${sent.ticketId}`, company.admin.headers)).json().messages
  t.equal(messages.length, 2, 'both in the contact\'s ticket')
  t.equal(await mediaCount(app, company.id), 2, 'the files are kept with the messages, in the company\'s media')
})

t.test('multipart: audio carries no caption, so the text goes first on its own; text alone works too', async (t) => {
  const app = await build(t)
  const { token } = await apiWorld(app)
  const audio = await sendMultipart(app, token, [
    { field: 'number', value: '5511988887777' }, { field: 'body', value: 'Ouça' },
    { field: 'medias', fileName: 'nota.ogg', data: Buffer.from('OggS audio'), type: 'audio/ogg' },
  ])
  t.equal(audio.statusCode, 201, audio.body)
  t.match(audio.json().messages, [{ mediaType: 'chat', body: 'Ouça' }, { mediaType: 'audio', body: '' }])
  const text = await sendMultipart(app, token, [{ field: 'number', value: '5511988887777' }, { field: 'body', value: 'Só texto' }])
  t.match(text.json().messages, [{ mediaType: 'chat', body: 'Só texto' }])
})

t.test('multipart refusals leave no file behind: bad number, nothing to send, oversize, too many files, bad token', async (t) => {
  const app = await build(t, { config: { uploadMaxBytes: 4096 } })
  const { company, whatsappId, token } = await apiWorld(app)
  const file = (name = 'a.png', size = 100) => ({ field: 'medias', fileName: name, data: Buffer.alloc(size, 1), type: 'image/png' })
  const cases: Array<[string, Parameters<typeof sendMultipart>[2], number, string, string?]> = [
    ['bad number', [{ field: 'number', value: 'abc' }, file()], 400, 'ERR_INVALID_NUMBER'],
    ['no number', [file()], 400, 'ERR_INVALID_NUMBER'],
    ['nothing to send', [{ field: 'number', value: '5511988887777' }, { field: 'body', value: ' ' }], 400, 'ERR_EMPTY_MESSAGE'],
    ['oversize media', [{ field: 'number', value: '5511988887777' }, file('small.png'), file('big.png', 10_000)], 413, 'ERR_PAYLOAD_TOO_LARGE'],
    ['more than 10 files', [{ field: 'number', value: '5511988887777' }, ...Array.from({ length: 11 }, (_, i) => file(`${i}.png`))], 413, 'ERR_PAYLOAD_TOO_LARGE'],
    ['unknown to WhatsApp', [{ field: 'number', value: '12345678' }, file()], 400, 'ERR_WAPP_INVALID_CONTACT'],
    ['bad token', [{ field: 'number', value: '5511988887777' }, file()], 401, 'ERR_INVALID_API_TOKEN', 'zdk_wrong'],
  ]
  for (const [label, parts, status, code, other] of cases) {
    const res = await sendMultipart(app, other ?? token, parts)
    t.equal(res.statusCode, status, `${label} -> ${status}`)
    t.equal(res.json().error, code, label)
    t.equal(await mediaCount(app, company.id), 0, `${label}: no file left`)
  }
  const cut = await app.inject({ method: 'POST', url: '/api/messages/send', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="number"\r\n\r\n55' })
  t.equal(cut.statusCode, 400, 'a body cut short is the client\'s fault')
  t.same(await sandboxOutbox(app, company.admin.headers, whatsappId), [], 'nothing was sent')
})
