/**
 * What other plugins may use from the prompts plugin (declare `dependencies: ['prompts']`, import
 * `@zapdesk/prompts/public`). Everything else here is internal, its tables included.
 *
 *   const prompt = await app.prompts.get(companyId, id)        // the PromptJson the API answers (no keys)
 */
import './server/types.ts'

export type { PromptsService } from './server/service.ts'
export type { PromptJson } from './server/serialize.ts'
