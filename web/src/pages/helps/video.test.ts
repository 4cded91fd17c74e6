import t from 'tap'
import { youtubeId, embedUrl } from './video.ts'

t.test('youtube ids from codes and links', async (t) => {
  t.equal(youtubeId('dQw4w9WgXcQ'), 'dQw4w9WgXcQ')
  t.equal(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3'), 'dQw4w9WgXcQ')
  t.equal(youtubeId('https://youtu.be/dQw4w9WgXcQ'), 'dQw4w9WgXcQ')
  t.equal(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ'), 'dQw4w9WgXcQ')
  t.equal(youtubeId(''), null)
  t.equal(youtubeId('not a video'), null)
  t.match(embedUrl('abc'), /embed\/abc\?/)
})
