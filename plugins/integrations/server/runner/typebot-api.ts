import type { FastifyInstance } from 'fastify'
import { integrationCall } from '../options.ts'
import type { Outgoing } from './send.ts'

/**
 * Typebot's public chat API: POST {url}/api/v1/typebots/{publicId}/startChat, then
 * POST {url}/api/v1/sessions/{sessionId}/continueChat with the customer's text. Its answer: bubbles (text as rich
 * text or markdown, images and other media by URL) and the input it waits for (absent: the flow ended).
 */
export interface TypebotTurn {
  sessionId: string | null
  /** What to send the customer, in order: texts, images, other media's addresses, and a choice input's options as text. */
  texts: Outgoing[]
  /** The flow waits for an answer; false when it reached its end. */
  waiting: boolean
  /** Bubbles the flow said (0 with an input: it took nothing from the customer's answer). */
  bubbles: number
  /** The choice input's options as numbered for the customer (1 is the first); empty when it waits for no choice. */
  choices: string[]
}

export class TypebotError extends Error {
  name = 'TypebotError'
  constructor(message: string, readonly status: number | null = null) {
    super(message)
  }
}

type RichNode = { text?: string; children?: RichNode[]; type?: string; url?: string }
const richText = (nodes: RichNode[]): string => nodes.map((n) => {
  if (typeof n.text === 'string') return n.text
  const inner = richText(n.children ?? [])
  return n.type === 'a' && n.url && !inner.includes(n.url) ? `${inner} (${n.url})` : inner
}).join('')

interface Bubble { type?: string; content?: { type?: string; richText?: RichNode[]; markdown?: string; url?: string; html?: string; plainText?: string } }
interface Answer { sessionId?: string; messages?: Bubble[]; input?: { type?: string; items?: Array<{ content?: string }>; options?: unknown } | null }

function choicesOf(answer: Answer): string[] {
  const items = answer.input?.type === 'choice input' ? answer.input.items ?? [] : []
  return items.map((i) => i.content?.trim() ?? '').filter(Boolean)
}

function turnOf(sessionId: string | null, answer: Answer): TypebotTurn {
  return { sessionId, texts: textsOf(answer), waiting: Boolean(answer.input), bubbles: answer.messages?.length ?? 0, choices: choicesOf(answer) }
}

function textsOf(answer: Answer): Outgoing[] {
  const out: Outgoing[] = []
  for (const m of answer.messages ?? []) {
    const c = m.content ?? {}
    if (m.type === 'text') {
      const text = c.markdown ?? (Array.isArray(c.richText) ? c.richText.map((block) => richText([block])).join('\n') : c.plainText ?? '')
      if (text.trim()) out.push(text)
    } else if (m.type === 'image' && c.url) out.push({ image: c.url })
    else if (c.url) out.push(c.url) // videos, audio and embeds go as their address
  }
  const choices = choicesOf(answer)
  if (choices.length) out.push(choices.map((c, i) => `${i + 1} - ${c}`).join('\n'))
  return out
}

async function post(app: FastifyInstance, url: string, body: unknown): Promise<Answer> {
  const res = await integrationCall(app, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (res.status < 200 || res.status >= 300) throw new TypebotError(`typebot answered ${res.status}`, res.status)
  return res.json<Answer>()
}

const base = (url: string) => url.replace(/\/+$/, '')

export async function startChat(app: FastifyInstance, url: string, slug: string, variables: Record<string, string>): Promise<TypebotTurn> {
  const answer = await post(app, `${base(url)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
    isStreamEnabled: false, textBubbleContentFormat: 'richText', prefilledVariables: variables,
  })
  if (!answer.sessionId) throw new TypebotError('startChat answered no sessionId')
  return turnOf(answer.sessionId, answer)
}

export async function continueChat(app: FastifyInstance, url: string, sessionId: string, text: string): Promise<TypebotTurn> {
  const answer = await post(app, `${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
    message: { type: 'text', text }, textBubbleContentFormat: 'richText',
  })
  return turnOf(sessionId, answer)
}
