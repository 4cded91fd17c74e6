import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { checkPrompt, payloadOf, valuesOf } from './rules.ts'
import type { Prompt } from './types.ts'

t.test('translations: the spec\'s Portuguese text', async (t) => {
  t.equal(pt.validation.queue, 'Informe o setor')
})

t.test('a new prompt starts with the spec\'s defaults; no queue is \'Informe o setor\'', async (t) => {
  const v = valuesOf()
  t.match(v, { voice: 'texto', maxTokens: '100', temperature: '1', maxMessages: '10', queueId: null, apiKey: '' })
  const named = { ...v, name: 'Vendas', prompt: 'Você atende a loja.' }
  t.same(checkPrompt(named), { queueId: 'prompts:validation.queue' })
  t.same(checkPrompt({ ...named, queueId: 3 }), {})
  t.same(checkPrompt({ ...named, queueId: 3, maxTokens: '0', temperature: '2,5', maxMessages: 'x', baseUrl: 'ftp://a' }), {
    maxTokens: 'prompts:validation.maxTokens', temperature: 'prompts:validation.temperature', maxMessages: 'prompts:validation.maxMessages', baseUrl: 'prompts:validation.baseUrl',
  })
  t.same(checkPrompt({ ...named, queueId: 3, voice: 'pt-BR-FranciscaNeural' }), { voiceKey: 'prompts:validation.voiceKey', voiceRegion: 'prompts:validation.voiceRegion' }, 'a neural voice needs its key and region')
})

t.test('the body: numbers as numbers, a comma decimal, an empty key kept (not sent)', async (t) => {
  const saved = { id: 1, companyId: 1, name: 'V', prompt: 'P', voice: 'pt-BR-YaraNeural', voiceRegion: 'eastus', maxTokens: 200, temperature: 0.7, queueId: 2, maxMessages: 5,
    queue: null, model: 'm', baseUrl: 'http://h/v1', transcribeAudio: false, hasApiKey: true, hasVoiceKey: true } satisfies Prompt
  const v = valuesOf(saved)
  t.same(checkPrompt(v, saved), {}, 'stored voice key: the field may stay empty')
  const body = payloadOf({ ...v, temperature: '0,5' })
  t.match(body, { maxTokens: 200, temperature: 0.5, maxMessages: 5, queueId: 2, voice: 'pt-BR-YaraNeural', voiceRegion: 'eastus', transcribeAudio: false })
  t.notOk('apiKey' in body)
  t.equal(payloadOf({ ...v, apiKey: ' sk-new ' }).apiKey, 'sk-new')
})
