import t from 'tap'
import { youtubeId, embedUrl } from './video.ts'

t.test('the stored video id plays; anything else is no video (links are turned into ids by the server)', async (t) => {
  t.equal(youtubeId(' dQw4w9WgXcQ '), 'dQw4w9WgXcQ')
  t.equal(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ'), null)
  t.equal(youtubeId(''), null)
  t.equal(youtubeId('not a video'), null)
  t.match(embedUrl('abc'), /embed\/abc\?/)
})
