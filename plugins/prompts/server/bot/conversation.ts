import type { FastifyInstance } from 'fastify'
import '@zapdesk/tickets/public'
import type { ConversationMessage } from '@zapdesk/tickets/public'
import type { Prompt } from '../models.ts'
import { HANDOFF_INSTRUCTION, type ChatMessage } from '../provider/chat.ts'

const asText = (m: ConversationMessage): string => m.body.trim() || `[${m.mediaType}]`

/**
 * What the model reads: the prompt as system text (with how to hand over), then the ticket's newest `maxMessages`
 * messages before the customer's one, oldest first, then the customer's message (its transcription for a voice
 * note). Messages stored after it (the customer kept typing) wait for their own answer.
 */
export async function conversationFor(app: FastifyInstance, prompt: Prompt, ticketId: number, current: { id: number; text: string }): Promise<ChatMessage[]> {
  const recent = prompt.maxMessages > 0 ? await app.tickets.conversation.recent(prompt.companyId, ticketId, prompt.maxMessages + 5) : []
  const earlier = recent.filter((m) => m.id < current.id)
  const history = prompt.maxMessages > 0 ? earlier.slice(-prompt.maxMessages) : []
  return [
    { role: 'system', content: `${prompt.prompt}\n\n${HANDOFF_INSTRUCTION}` },
    ...history.map((m): ChatMessage => ({ role: m.fromMe ? 'assistant' : 'user', content: asText(m) })),
    { role: 'user', content: current.text },
  ]
}

/** Words a customer uses to ask for a person (pt, en, es), accents and case ignored. */
const ASKS_FOR_HUMAN = /\b(atendente|humano|humana|operador|operadora|pessoa real|human|agent|person|representative|agente|persona)\b/

export function asksForHuman(text: string): boolean {
  return ASKS_FOR_HUMAN.test(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
}
