import t from 'tap'
import { fileNameOf, mediaKind, mimeFromName } from './media-kind.ts'

t.test('media kinds', async (t) => {
  t.equal(mediaKind({ mediaType: 'chat' }), 'text')
  t.equal(mediaKind({ mediaType: null }), 'text')
  t.equal(mediaKind({ mediaType: 'application' }), 'document')
  t.equal(mediaKind({ mediaType: 'locationMessage' }), 'location')
  t.equal(mediaKind({ mediaType: 'ptt' }), 'audio')
  t.equal(mediaKind({ mediaType: 'call_log' }), 'call')
  t.equal(mediaKind({ mediaType: 'something', mediaUrl: '/api/media/x.bin' }), 'document', 'unknown files can still be downloaded')
})

t.test('file types and names', async (t) => {
  t.equal(mimeFromName('/api/media/abc.webm'), 'video/webm')
  t.equal(mimeFromName('voz.OGG'), 'audio/ogg')
  t.equal(mimeFromName('noext'), null)
  t.equal(fileNameOf({ mediaName: 'nota.pdf', mediaUrl: '/api/media/x.pdf' }), 'nota.pdf')
  t.equal(fileNameOf({ mediaUrl: '/api/media/x%20y.pdf' }), 'x y.pdf')
  t.equal(fileNameOf({}), 'arquivo')
})
