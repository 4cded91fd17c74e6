import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import { EMPTY_CHARGE_INFO, invoiceState, localToday, validateChargeInfo } from './rules.ts'
import { lookupZipcode } from './zipcode.ts'

t.test('translations: the spec\'s texts', async (t) => {
  t.same(pt.state, { paid: 'Pago', canceled: 'Cancelado', overdue: 'Vencido', open: 'Em Aberto' })
  t.equal(pt.validation.cpf, 'CPF inválido')
  t.equal(en.validation.zipcode, 'Zipcode must be 8 digits')
  t.same([pt.steps.data, pt.steps.plan, pt.steps.review], ['Dados', 'Personalizar', 'Revisar'])
})

t.test('invoice display states: paid, canceled, overdue when unpaid and due before today, else open', async (t) => {
  const today = '2030-05-10'
  t.equal(invoiceState({ status: 'paid', dueDate: '2020-01-01' }, today), 'paid')
  t.equal(invoiceState({ status: 'canceled', dueDate: '2020-01-01' }, today), 'canceled')
  t.equal(invoiceState({ status: 'open', dueDate: '2030-05-09' }, today), 'overdue')
  t.equal(invoiceState({ status: 'open', dueDate: '2030-05-10' }, today), 'open', 'due today is not overdue')
  t.equal(localToday(new Date(2030, 0, 5, 23, 30)), '2030-01-05')
})

t.test('billing data: CPF with check digits, birth date, 8-digit zip code, name', async (t) => {
  t.same(validateChargeInfo(EMPTY_CHARGE_INFO), { cpf: 'billing:validation.required', birth: 'billing:validation.required', zipcode: 'billing:validation.zipcode', name: 'billing:validation.required' })
  const ok = { ...EMPTY_CHARGE_INFO, cpf: '52998224725', birth: '1990-05-01', zipcode: '01001000', name: 'Ana' }
  t.same(validateChargeInfo(ok), {})
  t.same(validateChargeInfo({ ...ok, cpf: '11111111111' }), { cpf: 'billing:validation.cpf' })
  t.same(validateChargeInfo({ ...ok, zipcode: '0100100' }), { zipcode: 'billing:validation.zipcode' })
})

t.test('the postal-code lookup fails quietly: offline, unknown or malformed, the form keeps what the user typed', async (t) => {
  const offline = (async () => { throw new TypeError('fetch failed') }) as typeof fetch
  t.equal(await lookupZipcode('01001000', offline), null)
  const unknown = (async () => new Response(JSON.stringify({ erro: true }), { status: 200 })) as typeof fetch
  t.equal(await lookupZipcode('99999999', unknown), null)
  let asked = false
  t.equal(await lookupZipcode('0100', (async () => { asked = true; return new Response('{}') }) as typeof fetch), null)
  t.notOk(asked, 'nothing asked for an incomplete CEP')
  const found = (async () => new Response(JSON.stringify({ localidade: 'São Paulo', uf: 'SP', logradouro: 'Praça da Sé', bairro: 'Sé' }))) as typeof fetch
  t.same(await lookupZipcode('01001000', found), { city: 'São Paulo', state: 'SP', street: 'Praça da Sé', neighborhood: 'Sé' })
})
