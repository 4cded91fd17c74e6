import type { PromptsService } from './service.ts'
import type { PromptBot } from './bot/bot.ts'

/** What the prompts plugin adds to the app. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The company's prompts and their sealed keys: see service.ts. */
    prompts: PromptsService
    /** The answering bot: its options (timeouts, limits, the speech endpoint) and handoffs; see bot/bot.ts. */
    promptBot: PromptBot
  }
}
