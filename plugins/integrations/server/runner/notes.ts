import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'
import type { IntegrationType, QueueIntegration } from '../models.ts'

/**
 * Why an integration gave a ticket back to the agents: a typebot flow that ended, the typebot finish keyword, a
 * Dialogflow end of conversation, a webhook/n8n answer asking for it, a delivery that failed for good, any other
 * failure (timeout, error answer, refused address), or an integration missing what it needs to run.
 */
export type HandBackReason = 'flowEnded' | 'keyword' | 'conversationEnded' | 'asked' | 'deliveryFailed' | 'error' | 'incomplete'

export interface HandBackWhy {
  integration: Pick<QueueIntegration, 'name' | 'type'>
  reason: HandBackReason
  /** The keyword the customer sent, or what failed. */
  detail?: string
}

type Language = 'pt' | 'en' | 'es'
/** `who` is the integration as agents know it: its kind and name (Typebot "Boas-vindas"). */
type Notes = Record<HandBackReason, (who: string, detail: string) => string>

const KINDS: Record<IntegrationType, string> = { typebot: 'Typebot', n8n: 'n8n', webhook: 'webhook', dialogflow: 'Dialogflow' }

const NOTES: Record<Language, Notes> = {
  pt: {
    flowEnded: (who) => `A integração ${who} chegou ao fim do fluxo e passou o atendimento para os atendentes.`,
    keyword: (who, d) => `O cliente enviou a palavra de encerramento "${d}": a integração ${who} passou o atendimento para os atendentes.`,
    conversationEnded: (who) => `A integração ${who} encerrou a conversa e passou o atendimento para os atendentes.`,
    asked: (who) => `A integração ${who} pediu para passar o atendimento para os atendentes.`,
    deliveryFailed: (who, d) => `A integração ${who} não recebeu a mensagem do cliente após todas as tentativas (${d}): a mensagem espera um atendente.`,
    error: (who, d) => `A integração ${who} falhou (${d}): a mensagem do cliente espera um atendente.`,
    incomplete: (who) => `A integração ${who} está sem o endereço ou as credenciais de que precisa: a mensagem do cliente espera um atendente.`,
  },
  en: {
    flowEnded: (who) => `The ${who} integration reached the end of its flow and handed the conversation to the agents.`,
    keyword: (who, d) => `The customer sent the finish keyword "${d}": the ${who} integration handed the conversation to the agents.`,
    conversationEnded: (who) => `The ${who} integration ended the conversation and handed it to the agents.`,
    asked: (who) => `The ${who} integration asked to hand the conversation to the agents.`,
    deliveryFailed: (who, d) => `The ${who} integration did not take the customer's message after every attempt (${d}): the message waits for an agent.`,
    error: (who, d) => `The ${who} integration failed (${d}): the customer's message waits for an agent.`,
    incomplete: (who) => `The ${who} integration lacks the address or credentials it needs: the customer's message waits for an agent.`,
  },
  es: {
    flowEnded: (who) => `La integración ${who} llegó al final del flujo y pasó la atención a los agentes.`,
    keyword: (who, d) => `El cliente envió la palabra de cierre "${d}": la integración ${who} pasó la atención a los agentes.`,
    conversationEnded: (who) => `La integración ${who} terminó la conversación y pasó la atención a los agentes.`,
    asked: (who) => `La integración ${who} pidió pasar la atención a los agentes.`,
    deliveryFailed: (who, d) => `La integración ${who} no recibió el mensaje del cliente tras todos los intentos (${d}): el mensaje espera a un agente.`,
    error: (who, d) => `La integración ${who} falló (${d}): el mensaje del cliente espera a un agente.`,
    incomplete: (who) => `A la integración ${who} le faltan la dirección o las credenciales que necesita: el mensaje del cliente espera a un agente.`,
  },
}

/** The note agents read on the ticket, in the given language (Portuguese by default). */
export function noteOf(why: HandBackWhy, language?: string): string {
  const notes = NOTES[language as Language] ?? NOTES.pt
  const who = `${KINDS[why.integration.type] ?? why.integration.type} "${why.integration.name}"`
  return notes[why.reason](who, (why.detail ?? '').slice(0, 300))
}

/** The note in the company's language (its `language` setting), as the AI prompts' handoff notes are. */
export async function companyNote(app: FastifyInstance, companyId: number, why: HandBackWhy): Promise<string> {
  return noteOf(why, (await settingsOf(app, companyId)).language)
}
