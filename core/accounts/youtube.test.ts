import t from 'tap'
import { youtubeVideoId } from './youtube.ts'

t.test('a pasted YouTube link or id gives the video id; other sites and junk give null', async (t) => {
  const id = 'dQw4w9WgXcQ'
  for (const link of [
    id, ` ${id} `, `https://www.youtube.com/watch?v=${id}`, `https://youtube.com/watch?v=${id}&t=42s`, `http://m.youtube.com/watch?feature=share&v=${id}`,
    `youtube.com/watch?v=${id}`, `https://youtu.be/${id}`, `https://youtu.be/${id}?si=abc`, `https://www.youtube.com/embed/${id}`,
    `https://www.youtube.com/shorts/${id}`, `https://www.youtube-nocookie.com/embed/${id}?rel=0`, `https://www.youtube.com/live/${id}`,
  ]) t.equal(youtubeVideoId(link), id, link)
  for (const bad of ['', '<script>', 'https://evil.test/watch?v=dQw4w9WgXcQ', 'https://youtube.com.evil.test/watch?v=x', 'https://www.youtube.com/', 'https://youtu.be/', 'javascript:alert(1)', `https://youtube.com/watch?v=${id}<x>`]) {
    t.equal(youtubeVideoId(bad), null, JSON.stringify(bad))
  }
})
