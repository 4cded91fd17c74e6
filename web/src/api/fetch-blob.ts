import { api } from './api.ts'
import { errorFromBody } from './api-error.ts'
import { STORAGE_KEYS, store } from '../lib/storage.ts'

/**
 * A private file (e.g. '/api/media/<name>') as a Blob. Media routes want the bearer token, which `<img src>` and
 * `<audio src>` cannot send, so pages fetch the file and show it through an object URL. Like the API client, a 403
 * refreshes the token once and retries.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const send = () => {
    const token = store.getItem(STORAGE_KEYS.token)
    return globalThis.fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include', signal })
  }
  let res = await send()
  if (res.status === 403 && (await api.refresh())) res = await send()
  if (!res.ok) {
    const text = await res.text().catch(() => '')
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // a plain-text error body stays text
    }
    throw errorFromBody(res.status, body)
  }
  return res.blob()
}
