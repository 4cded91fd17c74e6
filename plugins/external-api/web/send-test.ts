import { ApiError, errorFromBodyOf, type SentAnswer } from './types.ts'

/**
 * The test forms call the real endpoint with the token typed in, not with the signed-in user's session: a plain
 * fetch, so a refused token (401) is shown as the API's answer instead of signing the user out.
 */
export async function sendTest(token: string, form: { number: string; body?: string; file?: File | null }, fetcher: typeof fetch = fetch): Promise<SentAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token.trim()}`, Accept: 'application/json' }
  let payload: BodyInit
  if (form.file) {
    const data = new FormData()
    data.append('number', form.number)
    if (form.body) data.append('body', form.body)
    data.append('medias', form.file)
    payload = data
  } else {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify({ number: form.number, body: form.body ?? '' })
  }
  const res = await fetcher('/api/messages/send', { method: 'POST', headers, body: payload })
  const text = await res.text()
  let json: unknown = text
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    // not JSON (a proxy's page): shown as text
  }
  if (!res.ok) throw errorFromBodyOf(res.status, json)
  return json as SentAnswer
}

export { ApiError }
