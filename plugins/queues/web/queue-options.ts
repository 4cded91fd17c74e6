import { api, type FormOption } from '@zapdesk/plugin-api/web'

/** Queue choices of the user, connection and prompt forms: the company's queues. */
export default async function queueOptions(): Promise<FormOption[]> {
  const answer = await api.get<FormOption[] | { queues: FormOption[] }>('/queue')
  return Array.isArray(answer) ? answer : answer?.queues ?? []
}
