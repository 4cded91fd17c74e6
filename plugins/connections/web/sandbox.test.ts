import t from 'tap'
import { injectPayload, mediaOf, mediaTypeOf, toBase64, validateInject, ackKey, MAX_SANDBOX_FILE_BYTES } from './sandbox.ts'

t.test('sandbox: validation, media kinds, payload and base64', async (t) => {
  const d = { from: '+55 11 98765-4321', name: ' Maria ', body: 'Oi' }
  t.same(validateInject(d), {})
  t.same(validateInject({ ...d, from: '' }), { from: 'validation.required' })
  t.same(validateInject({ ...d, from: '123' }), { from: 'connections:sandbox.numberRule' })
  t.same(validateInject({ ...d, body: ' ' }), { body: 'connections:sandbox.bodyOrFile' })
  t.same(validateInject({ ...d, body: '' }, { size: 10 }), {}, 'a file alone is a message')
  t.same(validateInject(d, { size: MAX_SANDBOX_FILE_BYTES + 1 }), { file: 'connections:sandbox.fileTooBig' })
  t.equal(mediaTypeOf('image/png'), 'image')
  t.equal(mediaTypeOf('audio/ogg'), 'audio')
  t.equal(mediaTypeOf('video/mp4'), 'video')
  t.equal(mediaTypeOf('application/pdf'), 'document')
  t.equal(mediaTypeOf(''), 'document')
  t.same(injectPayload(d), { from: '5511987654321', name: 'Maria', body: 'Oi' })
  t.same(injectPayload({ from: '5511987654321', name: '', body: '' }), { from: '5511987654321' })
  const big = new Uint8Array(100_000).map((_, i) => i % 256)
  t.equal(toBase64(big), Buffer.from(big).toString('base64'), 'chunked base64 matches')
  const bytes = new TextEncoder().encode('%PDF-1.4')
  const media = await mediaOf({ name: 'a.pdf', type: 'application/pdf', arrayBuffer: async () => bytes.buffer as ArrayBuffer })
  t.same(media, { mediaBase64: Buffer.from('%PDF-1.4').toString('base64'), mediaType: 'document', fileName: 'a.pdf', mimetype: 'application/pdf' })
  t.same([0, 1, 2, 3, 4, 5].map(ackKey), ['pending', 'sent', 'delivered', 'read', 'played', 'played'])
})
