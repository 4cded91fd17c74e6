import t from 'tap'
import { readSignOption, signBody } from './signature.ts'

t.test('signature prefix', async (t) => {
  t.equal(signBody('Olá', 'Ana Lima', true), '*Ana Lima:*\nOlá')
  t.equal(signBody('Olá', 'Ana Lima', false), 'Olá')
  t.equal(signBody('Olá', '  ', true), 'Olá', 'no name, no signature')
  t.equal(signBody('', 'Ana', true), '', 'an empty caption stays empty')
})

t.test('the option defaults to signed', async (t) => {
  t.equal(readSignOption(null), true)
  t.equal(readSignOption('true'), true)
  t.equal(readSignOption('false'), false)
})
