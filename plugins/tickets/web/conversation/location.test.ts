import t from 'tap'
import { parseLocation } from './location.ts'

t.test('image|link|description', async (t) => {
  t.same(parseLocation('data:image/png;base64,AAA|https://maps.google.com/maps?q=1%2C2|Praça da Sé'), {
    image: 'data:image/png;base64,AAA', link: 'https://maps.google.com/maps?q=1%2C2', description: 'Praça da Sé',
  })
  t.same(parseLocation('|https://maps.example/x|A | B'), { image: null, link: 'https://maps.example/x', description: 'A | B' }, 'pipes in the description stay')
  t.same(parseLocation('javascript:alert(1)|javascript:alert(2)|x'), { image: null, link: null, description: 'x' }, 'unsafe schemes are dropped')
  t.same(parseLocation('https://maps.example/y'), { image: null, link: 'https://maps.example/y', description: '' })
  t.same(parseLocation('just text'), { image: null, link: null, description: 'just text' })
  t.same(parseLocation(null), { image: null, link: null, description: '' })
})
