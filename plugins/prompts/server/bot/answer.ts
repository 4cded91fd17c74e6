import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import type { Prompt } from '../models.ts'
import { complete } from '../provider/chat.ts'
import { ProviderError, providerErrorOf } from '../provider/errors.ts'
import { transcribe } from '../provider/transcribe.ts'
import { conversationFor } from './conversation.ts'
import { handOff, isHandedOff } from './handoff.ts'
import { claimRun, finishRun, pruneRuns, runningCalls, tokensToday } from './limits.ts'
import { sendReply } from './reply.ts'

export const ANSWER_JOB = 'prompts:answer'

/** The customer's message the bot answers, as the inbound step saw it. */
export interface AnswerData {
  companyId: number
  ticketId: number
  promptId: number
  messageId: number
  body: string
  mediaType: string
  mediaPath: string | null
  mediaMimetype: string | null
}

/** The bot still has the ticket: waiting (pending, nobody took it) and not handed over. */
async function botHasTicket(app: FastifyInstance, companyId: number, ticketId: number): Promise<boolean> {
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  return Boolean(ticket && ticket.status === 'pending' && ticket.userId === null && !(await isHandedOff(app, companyId, ticketId)))
}

/** The text the model reads for the customer's message: a voice note's transcription when the prompt wants it. */
async function customerText(app: FastifyInstance, prompt: Prompt, data: AnswerData, apiKey: string | null): Promise<string> {
  if (data.mediaType !== 'audio' || !prompt.transcribeAudio || !data.mediaPath) return data.body.trim() || `[${data.mediaType}]`
  const audio = await app.storage.readBuffer(data.companyId, data.mediaPath)
  if (!audio) throw new ProviderError('bad-answer', 'the voice note is not stored')
  const heard = await transcribe({
    baseUrl: prompt.baseUrl, apiKey, audio, mimetype: data.mediaMimetype ?? 'audio/ogg', fileName: data.mediaPath,
  }, { allowPrivate: app.config.outboundAllowPrivate, timeoutMs: app.promptBot.options.timeoutMs })
  return heard
}

/**
 * One answer: within the company's limits, the conversation goes to the provider and its reply to the customer.
 * Whatever goes wrong (timeout, error, limit), the customer's message stays on the ticket and the ticket falls to
 * the agents with a note saying why. Runs once per message (claimRun), so a job that runs again sends nothing twice.
 */
export async function answer(app: FastifyInstance, data: AnswerData): Promise<void> {
  const { companyId, ticketId } = data
  const prompt = await app.prompts.find(companyId, data.promptId)
  if (!prompt || !(await botHasTicket(app, companyId, ticketId))) return
  const { maxConcurrentPerCompany, maxTokensPerDay, timeoutMs } = app.promptBot.options
  const running = await runningCalls(app, companyId, timeoutMs)
  const run = await claimRun(app, companyId, { ticketId, messageId: data.messageId, promptId: prompt.id })
  if (!run) return
  if (running >= maxConcurrentPerCompany) {
    await finishRun(app, run, 'handoff')
    return handOff(app, companyId, ticketId, prompt, 'busy', String(maxConcurrentPerCompany))
  }
  if (maxTokensPerDay > 0 && (await tokensToday(app, companyId)) >= maxTokensPerDay) {
    await finishRun(app, run, 'handoff')
    return handOff(app, companyId, ticketId, prompt, 'tokens', String(maxTokensPerDay))
  }
  let tokens = 0
  try {
    const apiKey = app.prompts.apiKeyOf(prompt)
    const text = await customerText(app, prompt, data, apiKey)
    const messages = await conversationFor(app, prompt, ticketId, { id: data.messageId, text })
    const reply = await complete(
      { baseUrl: prompt.baseUrl, apiKey, model: prompt.model, messages, maxTokens: prompt.maxTokens, temperature: Number(prompt.temperature) },
      { allowPrivate: app.config.outboundAllowPrivate, timeoutMs },
    )
    tokens = reply.tokens
    // An agent may have taken the ticket while the model thought: the agent answers, not the bot.
    if (!(await botHasTicket(app, companyId, ticketId))) return await finishRun(app, run, 'dropped', tokens)
    if (reply.text) await sendReply(app, prompt, ticketId, reply.text)
    await finishRun(app, run, reply.handoff ? 'handoff' : 'answered', tokens)
    if (reply.handoff) await handOff(app, companyId, ticketId, prompt, 'model')
    await pruneRuns(app, companyId)
  } catch (err) {
    const failure = providerErrorOf(err)
    app.log.warn({ err, companyId, ticketId, promptId: prompt.id }, 'the AI prompt gave no answer; the ticket goes to the agents')
    await finishRun(app, run, 'failed', tokens)
    await handOff(app, companyId, ticketId, prompt, failure.kind === 'timeout' ? 'timeout' : 'error', failure.message)
  }
}

/** No retries: a failed answer already went to the agents; asking the provider again would answer late, or twice. */
export const answerJob: JobDefinition<AnswerData> = {
  concurrency: 8,
  retries: 0,
  handler: (data, _job, app) => answer(app, data),
}
