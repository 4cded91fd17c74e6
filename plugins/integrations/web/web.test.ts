import t from 'tap'
import { checkIntegration, payloadOf, valuesOf } from './rules.ts'
import type { Integration } from './types.ts'

t.test('a new integration starts with the spec\'s defaults; the per-type rules', async (t) => {
  const v = valuesOf()
  t.match(v, { type: 'typebot', typebotDelayMessage: '1000', typebotExpires: '1', jsonContent: '', secret: '' })
  t.same(checkIntegration(v), { name: 'integrations:validation.required', urlN8N: 'integrations:validation.required', typebotSlug: 'integrations:validation.required' })
  t.same(checkIntegration({ ...v, type: 'webhook', name: 'Pedidos', urlN8N: 'ftp://x' }), { urlN8N: 'integrations:validation.url' })
  t.same(checkIntegration({ ...v, type: 'n8n', name: 'Fluxo', urlN8N: 'https://n8n.example.com/webhook/x' }), {})
  t.same(checkIntegration({ ...v, type: 'dialogflow' }), { language: 'integrations:validation.required', projectName: 'integrations:validation.required', jsonContent: 'integrations:validation.required' })
  t.same(checkIntegration({ ...v, type: 'dialogflow', language: 'es', projectName: 'p', jsonContent: '{"a":1}' }), { jsonContent: 'integrations:validation.json' })
  t.same(checkIntegration({ ...v, name: 'B', urlN8N: 'https://t.example.com', typebotSlug: 's', typebotExpires: '-1', typebotDelayMessage: 'x' }), {
    typebotExpires: 'integrations:validation.expires', typebotDelayMessage: 'integrations:validation.delay',
  })
})

t.test('the body: only the type\'s fields, projectName the name, numbers as numbers, a stored secret kept', async (t) => {
  const saved = { id: 1, companyId: 1, name: 'Bot', type: 'typebot', projectName: 'Bot', language: null, hasJsonContent: false, hasSecret: false, urlN8N: 'https://t.example.com',
    typebotSlug: 'bot', typebotExpires: 5, typebotDelayMessage: 500, typebotKeywordFinish: '#sair', typebotKeywordRestart: null, typebotUnknownMessage: null, typebotRestartMessage: null } satisfies Integration
  const v = valuesOf(saved)
  t.same(checkIntegration(v, saved), {})
  t.match(payloadOf({ ...v, name: ' Bot 2 ' }), { type: 'typebot', name: 'Bot 2', projectName: 'Bot 2', typebotExpires: 5, typebotDelayMessage: 500, typebotKeywordFinish: '#sair', typebotKeywordRestart: null })
  const hook = payloadOf({ ...v, type: 'webhook' })
  t.notOk('typebotSlug' in hook)
  t.notOk('secret' in hook, 'an empty secret keeps the stored one')
  const df = { ...saved, type: 'dialogflow' as const, hasJsonContent: true, projectName: 'proj', language: 'pt-BR' }
  t.same(checkIntegration(valuesOf(df), df), {}, 'stored credentials: the box may stay empty')
  t.same(payloadOf(valuesOf(df)), { type: 'dialogflow', name: 'proj', projectName: 'proj', language: 'pt-BR' })
})
