import { outboundRequest } from '@zapdesk/plugin-api'
import { ProviderError, httpError, providerErrorOf } from './errors.ts'

/** The transcription model OpenAI names; OpenAI-compatible servers (LocalAI, speaches) accept the same name. */
export const TRANSCRIPTION_MODEL = 'whisper-1'

/** A customer's voice note as text: POST {baseUrl}/audio/transcriptions (multipart: file, model) answering { text }. */
export async function transcribe(
  call: { baseUrl: string; apiKey: string | null; audio: Buffer; mimetype: string; fileName: string },
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<string> {
  const form = new FormData()
  form.append('model', TRANSCRIPTION_MODEL)
  form.append('response_format', 'json')
  form.append('file', new Blob([new Uint8Array(call.audio)], { type: call.mimetype }), call.fileName)
  const headers: Record<string, string> = call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {}
  let res
  try {
    res = await outboundRequest(`${call.baseUrl}/audio/transcriptions`, { method: 'POST', headers, body: form }, options)
  } catch (err) {
    throw providerErrorOf(err)
  }
  if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text())
  let text: unknown
  try {
    text = res.json<{ text?: unknown }>().text
  } catch (err) {
    throw providerErrorOf(err)
  }
  if (typeof text !== 'string' || !text.trim()) throw new ProviderError('bad-answer', 'the transcription is empty')
  return text.trim()
}
