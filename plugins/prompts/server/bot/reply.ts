import type { FastifyInstance } from 'fastify'
import '@zapdesk/tickets/public'
import type { Prompt } from '../models.ts'
import { azureSpeech } from '../provider/speech.ts'
import { providerErrorOf } from '../provider/errors.ts'
import { TEXT_VOICE } from '../voices.ts'
import { companyNote } from './notes.ts'

/**
 * The answer goes to the customer through the tickets service (stored as the bot's message: no user). Voice
 * 'texto' sends text; a neural voice sends a voice note with the text as its caption, or, when speech fails, the
 * text with a note saying why (never a silent drop).
 */
export async function sendReply(app: FastifyInstance, prompt: Prompt, ticketId: number, text: string): Promise<void> {
  const { companyId } = prompt
  if (prompt.voice === TEXT_VOICE) {
    await app.tickets.sendMessage(companyId, ticketId, { body: text })
    return
  }
  try {
    const key = app.prompts.voiceKeyOf(prompt)
    if (!key || !prompt.voiceRegion) throw new Error('the speech key or region is missing')
    const { timeoutMs } = app.promptBot.options
    const speech = azureSpeech(app.promptBot.options.speechEndpoint, { allowPrivate: app.config.outboundAllowPrivate, timeoutMs })
    const { audio, mimetype } = await speech.synthesize({ text, voice: prompt.voice, key, region: prompt.voiceRegion })
    const path = await app.storage.save(companyId, audio, 'resposta.ogg')
    await app.tickets.sendMessage(companyId, ticketId, { body: text, media: { path, mimetype, fileName: 'resposta.ogg', type: 'audio' } })
  } catch (err) {
    await app.tickets.sendMessage(companyId, ticketId, { body: text })
    await app.tickets.conversation.note(companyId, ticketId, (await companyNote(app, companyId, 'voice', prompt.name, providerErrorOf(err).message))!)
  }
}
