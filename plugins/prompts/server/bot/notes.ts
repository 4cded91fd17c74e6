import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'

/** Why the bot stopped talking to a ticket. */
export type HandoffReason = 'asked' | 'model' | 'accepted' | 'error' | 'timeout' | 'busy' | 'tokens' | 'voice'

type Language = 'pt' | 'en' | 'es'
type Notes = Record<Exclude<HandoffReason, 'accepted'>, (bot: string, detail: string) => string>

const NOTES: Record<Language, Notes> = {
  pt: {
    asked: (bot) => `O cliente pediu para falar com um atendente; o assistente de IA "${bot}" parou de responder.`,
    model: (bot) => `O assistente de IA "${bot}" passou o atendimento para os atendentes.`,
    timeout: (bot, d) => `O assistente de IA "${bot}" não respondeu a tempo (${d}): a mensagem do cliente espera um atendente.`,
    error: (bot, d) => `O assistente de IA "${bot}" falhou (${d}): a mensagem do cliente espera um atendente.`,
    busy: (bot, d) => `O assistente de IA "${bot}" já atende o limite de conversas ao mesmo tempo da empresa (${d}): a mensagem do cliente espera um atendente.`,
    tokens: (_bot, d) => `A empresa atingiu o limite diário de tokens de IA (${d}): a mensagem do cliente espera um atendente.`,
    voice: (bot, d) => `O assistente de IA "${bot}" não pôde responder em áudio (${d}); a resposta foi enviada em texto.`,
  },
  en: {
    asked: (bot) => `The customer asked for a person; the AI assistant "${bot}" stopped answering.`,
    model: (bot) => `The AI assistant "${bot}" handed the conversation to the agents.`,
    timeout: (bot, d) => `The AI assistant "${bot}" did not answer in time (${d}): the customer's message waits for an agent.`,
    error: (bot, d) => `The AI assistant "${bot}" failed (${d}): the customer's message waits for an agent.`,
    busy: (bot, d) => `The AI assistant "${bot}" is already in as many conversations at once as the company allows (${d}): the customer's message waits for an agent.`,
    tokens: (_bot, d) => `The company reached its daily AI token limit (${d}): the customer's message waits for an agent.`,
    voice: (bot, d) => `The AI assistant "${bot}" could not answer by voice (${d}); the answer went as text.`,
  },
  es: {
    asked: (bot) => `El cliente pidió hablar con un agente; el asistente de IA "${bot}" dejó de responder.`,
    model: (bot) => `El asistente de IA "${bot}" pasó la atención a los agentes.`,
    timeout: (bot, d) => `El asistente de IA "${bot}" no respondió a tiempo (${d}): el mensaje del cliente espera a un agente.`,
    error: (bot, d) => `El asistente de IA "${bot}" falló (${d}): el mensaje del cliente espera a un agente.`,
    busy: (bot, d) => `El asistente de IA "${bot}" ya atiende el límite de conversaciones simultáneas de la empresa (${d}): el mensaje del cliente espera a un agente.`,
    tokens: (_bot, d) => `La empresa alcanzó su límite diario de tokens de IA (${d}): el mensaje del cliente espera a un agente.`,
    voice: (bot, d) => `El asistente de IA "${bot}" no pudo responder en audio (${d}); la respuesta se envió como texto.`,
  },
}

/** The note agents read on the ticket, in the company's language (its `language` setting; Portuguese by default). */
export function noteOf(reason: HandoffReason, promptName: string, detail = '', language?: string): string | null {
  if (reason === 'accepted') return null
  const notes = NOTES[language as Language] ?? NOTES.pt
  return notes[reason](promptName, detail)
}

/** The note for a company, its language read from its settings. */
export async function companyNote(app: FastifyInstance, companyId: number, reason: HandoffReason, promptName: string, detail?: string): Promise<string | null> {
  return noteOf(reason, promptName, detail, (await settingsOf(app, companyId)).language)
}
