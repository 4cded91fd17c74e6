import { TenantModel } from '@zapdesk/plugin-api'

export class Prompt extends TenantModel {
  static tableName = 'prompts'
  static booleanColumns = ['transcribeAudio']

  name!: string
  prompt!: string
  voice!: string
  /** Sealed. */
  voiceKey!: string | null
  voiceRegion!: string | null
  maxTokens!: number
  temperature!: number
  /** Sealed. */
  apiKey!: string | null
  queueId!: number
  maxMessages!: number
  model!: string
  baseUrl!: string
  transcribeAudio!: boolean
}

export class PromptHandoff extends TenantModel {
  static tableName = 'promptHandoffs'

  ticketId!: number
  reason!: string
}

export type RunStatus = 'running' | 'answered' | 'handoff' | 'failed' | 'dropped'

export class PromptRun extends TenantModel {
  static tableName = 'promptRuns'

  ticketId!: number
  messageId!: number
  promptId!: number
  status!: RunStatus
  tokens!: number
}
