import type { FetchLike } from './http-client.ts'

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304])

/**
 * fetch over XMLHttpRequest, for uploads: fetch cannot report how much of a request body has been sent, XHR can.
 * Answers a standard Response, so the client's session rules stay the same.
 */
export function xhrFetch(onProgress: (fraction: number) => void): FetchLike {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(init.method ?? 'GET', input)
      xhr.withCredentials = init.credentials === 'include'
      for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
      }
      xhr.onload = () => {
        const headers = new Headers()
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':')
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
        }
        resolve(new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, headers }))
      }
      xhr.onerror = () => reject(new TypeError('Network request failed'))
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
    })
}
