/** A prompt as GET /prompt answers it (its keys never leave the server: hasApiKey, hasVoiceKey). */
export interface Prompt {
  id: number
  companyId: number
  name: string
  prompt: string
  voice: string
  voiceRegion: string | null
  maxTokens: number
  temperature: number
  queueId: number
  maxMessages: number
  queue: { id: number; name: string; color: string } | null
  model: string
  baseUrl: string
  transcribeAudio: boolean
  hasApiKey: boolean
  hasVoiceKey: boolean
}

export interface PromptsAnswer {
  prompts: Prompt[]
}

export type PromptEvent = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number }
