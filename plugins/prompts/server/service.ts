import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, isPrivateAddress, openSecret, sealSecret } from '@zapdesk/plugin-api'
import '@zapdesk/queues/public'
import '@zapdesk/connections/public'
import { Prompt } from './models.ts'
import { DEFAULTS, promptDto, type CreateInput, type PromptJson, type UpdateInput } from './serialize.ts'
import { TEXT_VOICE } from './voices.ts'

const noQueue = () => new AppError('ERR_VALIDATION', 400, [{ field: 'body/queueId', message: 'Informe o setor' }])
const notFound = () => new AppError('ERR_NO_PROMPT_FOUND', 404)

/** `app.prompts`: the company's prompts, their sealed keys, and the checks other plugins ask for. */
export class PromptsService {
  constructor(private app: FastifyInstance) {}

  async list(companyId: number): Promise<PromptJson[]> {
    const rows = await this.app.bind(Prompt).query().forCompany(companyId).orderBy('name').orderBy('id')
    return this.answer(companyId, rows)
  }

  async get(companyId: number, id: number): Promise<PromptJson> {
    const [json] = await this.answer(companyId, [await this.row(companyId, id)])
    return json
  }

  /** The row (keys sealed) or undefined: what the bot reads. */
  async find(companyId: number, id: number, trx?: Knex.Transaction): Promise<Prompt | undefined> {
    return await this.app.bind(Prompt).query(trx).forCompany(companyId).findById(id)
  }

  async create(companyId: number, input: CreateInput): Promise<PromptJson> {
    const values = await this.checked(companyId, { ...DEFAULTS, ...input }, null)
    const row = await this.app.bind(Prompt).query().forCompany(companyId).insert(values as Partial<Prompt>)
    return this.get(companyId, row.id)
  }

  async update(companyId: number, id: number, input: UpdateInput): Promise<PromptJson> {
    const current = await this.row(companyId, id)
    const values = await this.checked(companyId, { ...input, queueId: input.queueId === undefined ? current.queueId : input.queueId }, current)
    await this.app.bind(Prompt).query().forCompany(companyId).findById(id).patch(values as Partial<Prompt>)
    return this.get(companyId, id)
  }

  /** Deletes the prompt; the queues and connections that answered with it are left without one, in the same transaction. */
  async remove(companyId: number, id: number): Promise<PromptJson> {
    const gone = await this.get(companyId, id)
    await this.app.knex.transaction(async (trx) => {
      await this.app.queues.detachPrompt(companyId, id, trx)
      await this.app.connections.detachPrompt(companyId, id, trx)
      await this.app.bind(Prompt).query(trx).forCompany(companyId).deleteById(id)
    })
    return gone
  }

  /** The provider key in clear, for the call only. */
  apiKeyOf(prompt: Prompt): string | null {
    return prompt.apiKey ? openSecret(this.app.config, prompt.apiKey) : null
  }

  voiceKeyOf(prompt: Prompt): string | null {
    return prompt.voiceKey ? openSecret(this.app.config, prompt.voiceKey) : null
  }

  /** For the connections plugin's hook: a connection may only name a prompt of its company. */
  async assertId(companyId: number, id: number, trx?: Knex.Transaction): Promise<void> {
    if (!(await this.find(companyId, id, trx))) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/promptId', message: 'not a prompt of this company' }])
  }

  private async row(companyId: number, id: number): Promise<Prompt> {
    const row = await this.find(companyId, id)
    if (!row) throw notFound()
    return row
  }

  private async answer(companyId: number, rows: Prompt[]): Promise<PromptJson[]> {
    const queues = await this.app.queues.describe(companyId, rows.map((r) => r.queueId))
    return rows.map((r) => promptDto(r, queues.get(r.queueId)))
  }

  /**
   * The values to write: trimmed texts, sealed keys, and the rules a schema cannot say: a queue of the company
   * ('Informe o setor'), a neural voice only with its speech key and region, an address the guard lets through.
   */
  private async checked(companyId: number, input: UpdateInput, current: Prompt | null): Promise<Record<string, unknown>> {
    if (input.queueId === null || input.queueId === undefined) throw noQueue()
    await this.app.queues.assertIds(companyId, [input.queueId])
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(input)) {
      if (key === 'apiKey' || key === 'voiceKey') continue
      out[key] = typeof value === 'string' ? value.trim() : value
    }
    for (const key of ['apiKey', 'voiceKey'] as const) {
      const value = input[key]
      if (value === null) out[key] = null
      else if (value) out[key] = sealSecret(this.app.config, value)
    }
    if (out.voiceRegion === '') out.voiceRegion = null
    const voice = (out.voice ?? current?.voice ?? TEXT_VOICE) as string
    const hasVoiceKey = out.voiceKey !== undefined ? out.voiceKey !== null : Boolean(current?.voiceKey)
    const region = out.voiceRegion !== undefined ? out.voiceRegion : current?.voiceRegion
    if (voice !== TEXT_VOICE && (!hasVoiceKey || !region)) {
      throw new AppError('ERR_PROMPT_VOICE_NOT_CONFIGURED', 400, [{ field: hasVoiceKey ? 'body/voiceRegion' : 'body/voiceKey', message: 'a neural voice needs the speech key and region' }])
    }
    if (typeof out.baseUrl === 'string') {
      out.baseUrl = out.baseUrl.replace(/\/+$/, '')
      if (!URL.canParse(out.baseUrl as string)) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/baseUrl', message: 'not a valid address' }])
      this.assertReachable(out.baseUrl as string)
    }
    return out
  }

  /** Without private targets allowed (production), an address that can only be internal is refused when saved. */
  private assertReachable(baseUrl: string): void {
    if (this.app.config.outboundAllowPrivate) return
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '')
    if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host))) {
      throw new AppError('ERR_PROMPT_URL_NOT_ALLOWED', 400, [{ field: 'body/baseUrl', message: 'a private or loopback address' }])
    }
  }
}
