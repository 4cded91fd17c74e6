import { api, type FormOption } from '@zapdesk/plugin-api/web'

/** The user form's default-connection choices: the company's connections, without their sessions. */
export default async function connectionOptions(): Promise<FormOption[]> {
  const answer = await api.get<FormOption[]>('/whatsapp', { query: { session: 0 } })
  return Array.isArray(answer) ? answer.map(({ id, name }) => ({ id, name })) : []
}
