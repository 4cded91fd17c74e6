/**
 * The bot's knobs, from the environment (documented in README.md); tests change them on `app.promptBot.options`.
 */
export interface BotOptions {
  /** A provider call (chat, transcription, speech) that takes longer falls to the agents. */
  timeoutMs: number
  /** Provider calls a company may have running at once (all instances): more fall to the agents. */
  maxConcurrentPerCompany: number
  /** Tokens a company may spend per UTC day (0: no limit): past it, new messages fall to the agents. */
  maxTokensPerDay: number
  /** Azure speech's text-to-speech address; {region} is the prompt's voiceRegion. */
  speechEndpoint: string
}

const positive = (raw: string | undefined, fallback: number) => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : fallback)

export function botOptionsFrom(env: NodeJS.ProcessEnv): BotOptions {
  return {
    timeoutMs: positive(env.PROMPTS_TIMEOUT_MS, 20_000) || 20_000,
    maxConcurrentPerCompany: positive(env.PROMPTS_MAX_CONCURRENT, 3) || 3,
    maxTokensPerDay: positive(env.PROMPTS_MAX_TOKENS_PER_DAY, 200_000),
    speechEndpoint: env.PROMPTS_SPEECH_ENDPOINT || 'https://{region}.tts.speech.microsoft.com',
  }
}
