import { api, type FormOption } from '@zapdesk/plugin-api/web'
import type { IntegrationsAnswer } from './types.ts'

/** The integration choices of the queue and connection forms: the company's integrations by name (the first pages are plenty). */
export default async function integrationOptions(): Promise<FormOption[]> {
  const out: FormOption[] = []
  for (let page = 1; page <= 5; page++) {
    const answer = await api.get<IntegrationsAnswer>('/queueIntegration/', { query: { pageNumber: page } })
    out.push(...(answer?.queueIntegrations ?? []).map((i) => ({ id: i.id, name: i.name })))
    if (!answer?.hasMore) break
  }
  return out
}
