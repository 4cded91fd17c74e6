import type { FieldErrors } from '@zapdesk/plugin-api/web'
import type { Prompt } from './types.ts'
// One list for the server's check and the form's choices (a plain constant: nothing of the server comes along).
import { TEXT_VOICE } from '../server/voices.ts'

export { NEURAL_VOICES, TEXT_VOICE } from '../server/voices.ts'

/** The form's values: numbers as typed text, keys empty (a stored key is kept unless a new one is typed). */
export interface PromptForm {
  name: string
  prompt: string
  queueId: number | null
  apiKey: string
  model: string
  baseUrl: string
  maxTokens: string
  temperature: string
  maxMessages: string
  voice: string
  voiceKey: string
  voiceRegion: string
  transcribeAudio: boolean
}

/** The spec's defaults (voice texto, maxTokens 100, temperature 1, maxMessages 10) and the provider's. */
export function valuesOf(p?: Prompt): PromptForm {
  return {
    name: p?.name ?? '', prompt: p?.prompt ?? '', queueId: p?.queueId ?? null, apiKey: '', model: p?.model ?? 'gpt-4o-mini',
    baseUrl: p?.baseUrl ?? 'https://api.openai.com/v1', maxTokens: String(p?.maxTokens ?? 100), temperature: String(p?.temperature ?? 1),
    maxMessages: String(p?.maxMessages ?? 10), voice: p?.voice ?? TEXT_VOICE, voiceKey: '', voiceRegion: p?.voiceRegion ?? '',
    transcribeAudio: p?.transcribeAudio ?? true,
  }
}

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max

/** What the server would refuse, said on the field first; no queue is the spec's 'Informe o setor'. */
export function checkPrompt(v: PromptForm, current?: Prompt): FieldErrors<PromptForm> {
  const e: FieldErrors<PromptForm> = {}
  if (!v.name.trim()) e.name = 'prompts:validation.required'
  if (!v.prompt.trim()) e.prompt = 'prompts:validation.required'
  if (v.queueId === null) e.queueId = 'prompts:validation.queue'
  if (!whole(v.maxTokens, 1, 16000)) e.maxTokens = 'prompts:validation.maxTokens'
  const temperature = Number(v.temperature.replace(',', '.'))
  if (!v.temperature.trim() || Number.isNaN(temperature) || temperature < 0 || temperature > 2) e.temperature = 'prompts:validation.temperature'
  if (!whole(v.maxMessages, 0, 50)) e.maxMessages = 'prompts:validation.maxMessages'
  if (!/^https?:\/\/\S+$/.test(v.baseUrl.trim())) e.baseUrl = 'prompts:validation.baseUrl'
  if (!v.model.trim()) e.model = 'prompts:validation.required'
  if (v.voice !== TEXT_VOICE) {
    if (!v.voiceKey.trim() && !current?.hasVoiceKey) e.voiceKey = 'prompts:validation.voiceKey'
    if (!v.voiceRegion.trim()) e.voiceRegion = 'prompts:validation.voiceRegion'
  }
  return e
}

/** The body of POST/PUT /prompt: an empty key field keeps the stored key. */
export function payloadOf(v: PromptForm) {
  return {
    name: v.name.trim(), prompt: v.prompt.trim(), queueId: v.queueId, model: v.model.trim(), baseUrl: v.baseUrl.trim(),
    maxTokens: Number(v.maxTokens), temperature: Number(v.temperature.replace(',', '.')), maxMessages: Number(v.maxMessages),
    voice: v.voice, voiceRegion: v.voiceRegion.trim() || null, transcribeAudio: v.transcribeAudio,
    ...(v.apiKey.trim() ? { apiKey: v.apiKey.trim() } : {}), ...(v.voiceKey.trim() ? { voiceKey: v.voiceKey.trim() } : {}),
  }
}
