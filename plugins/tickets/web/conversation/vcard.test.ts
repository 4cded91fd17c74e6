import t from 'tap'
import { parseVcard } from './vcard.ts'

t.test('vcard name and number', async (t) => {
  t.same(parseVcard('BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD'), { name: 'Maria Souza', number: '5511987654321' })
  t.same(parseVcard('BEGIN:VCARD\nFN:João\nitem1.TEL:+55 (11) 2222-3333\nEND:VCARD'), { name: 'João', number: '+551122223333' })
  t.same(parseVcard('Maria'), { name: 'Maria', number: '' }, 'a plain body is shown as the name')
})
