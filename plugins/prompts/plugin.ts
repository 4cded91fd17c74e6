import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import '@zapdesk/queues/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'
import { PromptsService } from './server/service.ts'
import { PromptBot } from './server/bot/bot.ts'
import { answerJob } from './server/bot/answer.ts'
import { listenToTickets, promptStep } from './server/bot/step.ts'
import { samplePrompt } from './server/testing.ts'
import './server/types.ts'

/**
 * AI prompts (the spec's /prompts page, plan feature useOpenAi): a chat model behind an OpenAI-compatible API
 * answers the customers of a queue or a connection with the prompt as system text, until the customer asks for a
 * person, the model hands over, an agent takes the ticket, or the provider fails (see README.md).
 */
export default definePlugin({
  name: 'prompts',
  version: '1.0.0',
  description: 'AI prompts: a chat model answers customers for a queue or a connection, and hands over to agents',
  dependencies: ['queues', 'connections', 'tickets'],
  tables: ['prompts', 'prompt_handoffs', 'prompt_runs'],
  provides: ['prompts', 'promptBot'],
  feature: 'useOpenAi',
  errorCodes: ['ERR_NO_PROMPT_FOUND', 'ERR_PROMPT_VOICE_NOT_CONFIGURED', 'ERR_PROMPT_URL_NOT_ALLOWED'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { prompt: { adminOnly: true } },
  jobs: { answer: answerJob },
  setup(app) {
    app.decorate('prompts', new PromptsService(app))
    app.decorate('promptBot', new PromptBot())
    app.channels.promptHooks.validate = (companyId, promptId, trx) => app.prompts.assertId(companyId, promptId, trx)
    app.queues.promptHooks.validate = (companyId, promptId, trx) => app.prompts.assertId(companyId, promptId, trx)
    app.tickets.addStep(promptStep)
    listenToTickets(app)
  },
  tenantFixtures: samplePrompt,
})
