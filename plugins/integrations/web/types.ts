export type IntegrationType = 'dialogflow' | 'n8n' | 'webhook' | 'typebot'
export const TYPES: IntegrationType[] = ['typebot', 'n8n', 'webhook', 'dialogflow']
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const

/** An integration as GET /queueIntegration answers it (credentials and secret never leave the server). */
export interface Integration {
  id: number
  companyId: number
  name: string
  type: IntegrationType
  projectName: string | null
  language: string | null
  hasJsonContent: boolean
  hasSecret: boolean
  urlN8N: string | null
  typebotSlug: string | null
  typebotExpires: number
  typebotDelayMessage: number
  typebotKeywordFinish: string | null
  typebotKeywordRestart: string | null
  typebotUnknownMessage: string | null
  typebotRestartMessage: string | null
}

export interface IntegrationsAnswer {
  queueIntegrations: Integration[]
  count: number
  hasMore: boolean
}

export interface Delivery {
  id: number
  ticketId: number
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  httpStatus: number | null
  durationMs: number | null
  error: string | null
  createdAt: string | null
  updatedAt: string | null
}
