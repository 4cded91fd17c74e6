import { api, type FormOption } from '@zapdesk/plugin-api/web'
import type { PromptsAnswer } from './types.ts'

/** The prompt choices of the connection and queue forms: the company's prompts by name. */
export default async function promptOptions(): Promise<FormOption[]> {
  const answer = await api.get<PromptsAnswer>('/prompt')
  return (answer?.prompts ?? []).map((p) => ({ id: p.id, name: p.name }))
}
