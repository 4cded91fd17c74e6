import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import { emailError, nameError, numberError, variableKeyError } from './rules.ts'
import { bodyOf, checkCampaign, isEditable, valuesOf, wallClock } from './campaigns/campaign-form.ts'

t.test('translations: the spec\'s texts', async (t) => {
  t.equal(en.common.tooShort, 'Too Short!')
  t.equal(en.common.invalidEmail, 'Invalid email')
  t.equal(pt.campaigns.status.EM_ANDAMENTO, 'Em andamento')
})

t.test('list and contact rules: name 2-50, number optional 8-50, email valid', async (t) => {
  t.same([nameError(''), nameError(' a '), nameError('Ana'), nameError('x'.repeat(51))], ['campaigns:common.required', 'campaigns:common.tooShort', null, 'campaigns:common.tooLong'])
  t.same([numberError(''), numberError('1234567'), numberError('+55 (11) 99999-0000'), numberError('abcdefghij')], [null, 'campaigns:common.tooShort', null, 'campaigns:common.tooShort'])
  t.same([emailError(''), emailError('a@b.co'), emailError('a@')], [null, null, 'campaigns:common.invalidEmail'])
  t.same([variableKeyError('cupom', []), variableKeyError('com espaço', []), variableKeyError('Nome', []), variableKeyError('cupom', ['CUPOM'])],
    [null, 'campaigns:settings.keyInvalid', 'campaigns:settings.keyReserved', 'campaigns:settings.keyRepeated'])
})

t.test('the campaign form: the spec\'s payload, a schedule needs a complete campaign, the edit lock', async (t) => {
  const v = valuesOf(undefined, 'America/Sao_Paulo')
  t.same(checkCampaign({ ...v, name: 'Black Friday' }), {}, 'a draft needs only a name')
  t.same(Object.keys(checkCampaign({ ...v, name: 'BF', scheduledAt: '2026-11-27T09:00', confirmation: true })).sort(), ['confirmations', 'contactListId', 'messages', 'whatsappId'])
  const body = bodyOf({ ...v, name: ' BF ', whatsappId: '3', contactListId: '7', scheduledAt: '2026-11-27T09:00', messages: ['Oi {nome}', '', ' ', '', ''] })
  t.match(body, { name: 'BF', whatsappId: 3, contactListId: 7, tagListId: null, fileListId: null, scheduledAt: '2026-11-27 09:00:00', message1: 'Oi {nome}', message2: null, message3: null })
  t.equal(wallClock('2026-11-27T12:00:00.000Z', 'America/Sao_Paulo'), '2026-11-27T09:00', 'shown in the company\'s wall clock')
  const now = Date.parse('2026-11-27T12:00:00Z')
  t.ok(isEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-27T13:30:00Z' }, now))
  t.notOk(isEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-27T12:30:00Z' }, now), 'under an hour ahead')
  t.notOk(isEditable({ status: 'EM_ANDAMENTO', scheduledAt: null }, now))
  t.ok(isEditable({ status: 'CANCELADA', scheduledAt: null }, now))
})
