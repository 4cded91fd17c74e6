import { outboundRequest } from '@zapdesk/plugin-api'
import { httpError, providerErrorOf } from './errors.ts'

/**
 * Text to speech for the neural voices: Azure speech's REST call, POST {endpoint}/cognitiveservices/v1 with SSML,
 * answering Ogg/Opus audio (what WhatsApp plays as a voice note). The endpoint has the prompt's region in it.
 */
export interface SpeechProvider {
  synthesize(call: { text: string; voice: string; key: string; region: string }): Promise<{ audio: Buffer; mimetype: string }>
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export function azureSpeech(endpoint: string, options: { allowPrivate: boolean; timeoutMs: number }): SpeechProvider {
  return {
    async synthesize({ text, voice, key, region }) {
      const base = endpoint.replace('{region}', encodeURIComponent(region)).replace(/\/+$/, '')
      const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`
      let res
      try {
        res = await outboundRequest(`${base}/cognitiveservices/v1`, {
          method: 'POST',
          headers: { 'ocp-apim-subscription-key': key, 'content-type': 'application/ssml+xml', 'x-microsoft-outputformat': 'ogg-48khz-16bit-mono-opus', 'user-agent': 'zapdesk' },
          body: ssml,
        }, options)
      } catch (err) {
        throw providerErrorOf(err)
      }
      if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text())
      return { audio: res.body, mimetype: 'audio/ogg' }
    },
  }
}
