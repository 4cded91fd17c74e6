import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { checkFileList, valuesOf } from './rules.ts'

t.test('translations: the spec\'s Portuguese texts', async (t) => {
  t.equal(pt.dialog.nameShort, 'nome muito curto')
  t.equal(pt.dialog.required, 'Obrigatório')
})

t.test('file list form rules: name at least 3 once trimmed, a message, every file named', async (t) => {
  const ok = { name: 'Catálogo', message: 'Veja', options: [] }
  t.same(checkFileList(ok), {})
  t.same(checkFileList({ ...ok, name: ' ab ' }), { name: 'files:dialog.nameShort' })
  t.same(checkFileList({ ...ok, message: '  ' }), { message: 'files:dialog.required' })
  t.same(checkFileList({ ...ok, options: [{ name: ' ', saved: null, file: null }] }), { options: 'files:dialog.optionNameRequired' })
  t.same(valuesOf({ id: 1, companyId: 1, name: 'L', message: 'M', options: [{ id: 7, fileListId: 1, name: 'Tabela', path: 'x.pdf', fileName: 'tabela.pdf', mediaType: 'application/pdf' }] }),
    { name: 'L', message: 'M', options: [{ id: 7, name: 'Tabela', saved: 'tabela.pdf', file: null }] })
})
