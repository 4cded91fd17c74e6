import t from 'tap'
import { matchQuickMessages, quickTerm, truncatePreview } from './quick-match.ts'

const all = [
  { shortcode: 'bomdia', message: 'Bom dia! Como posso ajudar?' },
  { shortcode: 'pix', message: 'Nossa chave PIX é o CNPJ da empresa, informado na nota fiscal enviada por e-mail.' },
  { shortcode: 'BomFim', message: 'Obrigado pelo contato' },
]

t.test('the autocomplete needs "/" and more than one character', async (t) => {
  t.equal(quickTerm('/'), null)
  t.equal(quickTerm('bom'), null)
  t.equal(quickTerm('/b'), 'b')
  t.equal(quickTerm('/bom\ndia'), null, 'a multi-line text is a message, not a shortcode')
  t.same(matchQuickMessages('/', all), [])
})

t.test('matches shortcodes by fragment, case-insensitive', async (t) => {
  t.same(matchQuickMessages('/bom', all).map((q) => q.shortcode), ['bomdia', 'BomFim'])
  t.same(matchQuickMessages('/PI', all).map((q) => q.shortcode), ['pix'])
  t.same(matchQuickMessages('/zzz', all), [])
})

t.test('previews are cut at 35 characters', async (t) => {
  t.equal(truncatePreview('Bom dia! Como posso ajudar?'), 'Bom dia! Como posso ajudar?')
  const cut = truncatePreview(all[1].message)
  t.equal(cut, 'Nossa chave PIX é o CNPJ da empresa...')
  t.equal(cut.length, 38)
  t.equal(truncatePreview('a\n\nb'), 'a b', 'line breaks flatten in a one-line preview')
})
