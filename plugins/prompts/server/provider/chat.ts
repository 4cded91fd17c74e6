import { outboundRequest } from '@zapdesk/plugin-api'
import { ProviderError, httpError, providerErrorOf } from './errors.ts'

/**
 * One chat-completions call to an OpenAI-compatible API (OpenAI, or a self-hosted Ollama, vLLM, LocalAI at another
 * base URL): POST {baseUrl}/chat/completions with the system text and the conversation. The model hands the ticket
 * over either by calling the `transfer_to_human` tool or by writing HANDOFF_MARK in its reply (for servers and
 * models without tools); the system text tells it both.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatCall {
  baseUrl: string
  apiKey: string | null
  model: string
  messages: ChatMessage[]
  maxTokens: number
  temperature: number
}

export interface ChatAnswer {
  /** The reply for the customer, without the handoff mark ('' when the model only handed over). */
  text: string
  handoff: boolean
  tokens: number
}

export const HANDOFF_TOOL = 'transfer_to_human'
export const HANDOFF_MARK = '[[handoff]]'

export const HANDOFF_INSTRUCTION = `When the customer wants to talk to a person, or you cannot help, call the tool ${HANDOFF_TOOL} ` +
  `(or, without tools, end your reply with ${HANDOFF_MARK}).`

const TOOLS = [{
  type: 'function',
  function: {
    name: HANDOFF_TOOL,
    description: 'Hand the conversation over to a human agent of the company.',
    parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why, in a few words.' } } },
  },
}]

interface Completion {
  choices?: Array<{ message?: { content?: string | null; tool_calls?: Array<{ function?: { name?: string } }> } }>
  usage?: { total_tokens?: number }
}

export async function complete(call: ChatCall, options: { allowPrivate: boolean; timeoutMs: number }): Promise<ChatAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`
  const body = JSON.stringify({ model: call.model, messages: call.messages, max_tokens: call.maxTokens, temperature: call.temperature, tools: TOOLS })
  let res
  try {
    res = await outboundRequest(`${call.baseUrl}/chat/completions`, { method: 'POST', headers, body }, { ...options, maxBytes: 2 * 1024 * 1024 })
  } catch (err) {
    throw providerErrorOf(err)
  }
  if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text())
  let completion: Completion
  try {
    completion = res.json<Completion>()
  } catch (err) {
    throw providerErrorOf(err)
  }
  const message = completion.choices?.[0]?.message
  if (!message) throw new ProviderError('bad-answer', 'the answer has no choices')
  const content = typeof message.content === 'string' ? message.content : ''
  const byTool = (message.tool_calls ?? []).some((c) => c.function?.name === HANDOFF_TOOL)
  const byMark = content.toLowerCase().includes(HANDOFF_MARK)
  // Reasoning models served locally (Ollama's deepseek-r1, qwq) put their thinking in <think> blocks: not for customers.
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, '').replace(/\[\[handoff\]\]/gi, '').trim()
  if (!text && !byTool && !byMark) throw new ProviderError('bad-answer', 'the answer is empty')
  return { text, handoff: byTool || byMark, tokens: Math.max(0, Number(completion.usage?.total_tokens) || 0) }
}
