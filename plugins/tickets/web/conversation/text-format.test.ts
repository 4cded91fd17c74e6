import t from 'tap'
import { formatSegments } from './text-format.ts'

t.test('whatsapp formatting', async (t) => {
  t.same(formatSegments('*Ana:*\nOlá'), [{ text: 'Ana:', style: 'bold' }, { text: '\nOlá' }])
  t.same(formatSegments('_a_ ~b~ ```c d```'), [
    { text: 'a', style: 'italic' }, { text: ' ' }, { text: 'b', style: 'strike' }, { text: ' ' }, { text: 'c d', style: 'mono' },
  ])
  t.same(formatSegments('2*3*4'), [{ text: '2*3*4' }], 'markers inside words are plain')
  t.same(formatSegments('* not bold *'), [{ text: '* not bold *' }])
  t.same(formatSegments('veja https://example.com/a?b=1.'), [{ text: 'veja ' }, { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' }, { text: '.' }])
  t.same(formatSegments(''), [])
})
