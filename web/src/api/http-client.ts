import { ApiError, errorFromBody } from './api-error.ts'
import type { AuthAnswer } from './types.ts'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface HttpClientOptions {
  baseUrl: string
  fetch: FetchLike
  getToken: () => string | null
  /** Called with a fresh session after a successful refresh. */
  onRefreshed: (answer: AuthAnswer) => void
  /** Called when the session is gone: 401 on a data call, or a refresh that failed after an expired token; with the
   * server's code (e.g. ERR_COMPANY_INACTIVE), so the screen it leaves can say why. */
  onUnauthorized: (code: string | null) => void
  /** A fetch that reports upload progress (XHR in the browser), for calls with `onUploadProgress`. */
  upload?: (onProgress: (fraction: number) => void) => FetchLike
  /** The language the app shows, sent as Accept-Language so the server writes (e.g. mail) in it. */
  getLanguage?: () => string | undefined
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>
  /** Skip the session handling (login, refresh, public pages). */
  anonymous?: boolean
  /** Send the token but leave the session alone whatever the answer: no refresh, no sign-out (the sign-out call). */
  leaveSession?: boolean
  signal?: AbortSignal
  /** Reports the share of the request body sent (0..1): the call goes through the upload transport. */
  onUploadProgress?: (fraction: number) => void
}

/** 403 codes that mean "your access token is stale", where a failed refresh ends the session. */
const SESSION_CODES = new Set(['ERR_SESSION_EXPIRED', 'ERR_INVALID_TOKEN'])
const REFRESH_PATH = '/auth/refresh_token'

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v))
  }
  const qs = params.toString()
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const text = await res.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * `call` is aborted when the caller's own signal is (a page left, a newer search typed); answers how to stop following
 * it, so a signal that outlives many calls (a page's) keeps no listener of an answered one.
 */
function follow(own: AbortSignal | undefined, call: AbortController): () => void {
  if (!own) return () => undefined
  if (own.aborted) {
    call.abort(own.reason)
    return () => undefined
  }
  const abort = () => call.abort(own.reason)
  own.addEventListener('abort', abort, { once: true })
  return () => own.removeEventListener('abort', abort)
}

/** An answer with its body read. */
interface Answer {
  status: number
  ok: boolean
  data: unknown
}

/**
 * fetch with the session rules of the spec: bearer token, 401 ends the session, 403 refreshes the token once
 * (one refresh shared by concurrent calls) and retries the call once.
 */
export function createHttpClient(opts: HttpClientOptions) {
  let refreshing: Promise<AuthAnswer | null> | null = null
  /**
   * The session's calls in flight, each by its own controller, aborted when the session ends (endSessionCalls). A
   * call leaves the set once its body is read: nothing of it is kept for the rest of the session.
   */
  const sessionCalls = new Set<AbortController>()

  async function send(method: string, path: string, body: unknown, ro: RequestOptions): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    const language = opts.getLanguage?.()
    if (language) headers['Accept-Language'] = language
    const token = ro.anonymous ? null : opts.getToken()
    // A call of the session made when there is none (a component still mounted as the tab signs out, a sign-out in
    // another tab) would only be a 401 from the server, which the browser logs: it fails here, and the session ends
    // as that 401 would end it (again, harmlessly, when it already has).
    if (!ro.anonymous && !token) {
      if (!ro.leaveSession) opts.onUnauthorized('ERR_SESSION_EXPIRED')
      throw new ApiError(401, 'ERR_SESSION_EXPIRED', 'Signed out: this call needs a session')
    }
    if (token) headers.Authorization = `Bearer ${token}`
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
    const transport = ro.onUploadProgress && opts.upload ? opts.upload(ro.onUploadProgress) : opts.fetch
    // Signing in and out are not the session's calls: they outlive its end.
    const call = ro.anonymous || ro.leaveSession ? null : new AbortController()
    const unfollow = call ? follow(ro.signal, call) : undefined
    if (call) sessionCalls.add(call)
    try {
      // The body is read under the same signal: an end or a page left while it arrives aborts it too.
      const res = await transport(buildUrl(opts.baseUrl, path, ro.query), {
        method,
        headers,
        credentials: 'include',
        signal: call ? call.signal : ro.signal,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      })
      return { status: res.status, ok: res.ok, data: await readBody(res) }
    } finally {
      unfollow?.()
      if (call) sessionCalls.delete(call)
    }
  }

  function refresh(): Promise<AuthAnswer | null> {
    refreshing ??= (async () => {
      try {
        const res = await send('POST', REFRESH_PATH, undefined, { anonymous: true })
        if (!res.ok) return null
        const answer = res.data as AuthAnswer
        if (!answer?.token) return null
        opts.onRefreshed(answer)
        return answer
      } catch {
        return null
      } finally {
        queueMicrotask(() => (refreshing = null))
      }
    })()
    return refreshing
  }

  async function request<T>(method: string, path: string, body?: unknown, ro: RequestOptions = {}): Promise<T> {
    let res = await send(method, path, body, ro)
    if (!ro.anonymous && !ro.leaveSession && res.status === 403) {
      const first = errorFromBody(403, res.data)
      const renewed = await refresh()
      if (!renewed) {
        if (first.code === null || SESSION_CODES.has(first.code)) opts.onUnauthorized(first.code)
        throw first
      }
      res = await send(method, path, body, ro)
    }
    if (res.ok) return res.data as T
    const error = errorFromBody(res.status, res.data)
    if (!ro.anonymous && !ro.leaveSession && res.status === 401) opts.onUnauthorized(error.code)
    throw error
  }

  return {
    request,
    refresh,
    /**
     * The session ended here (a sign-out, a 401): its calls still in flight are aborted, as a page left aborts its
     * own. Answered after the server revoked the token, each would have been a 401 on the sign-in page.
     */
    endSessionCalls(): void {
      for (const call of sessionCalls) call.abort()
      sessionCalls.clear()
    },
    get: <T>(path: string, ro?: RequestOptions) => request<T>('GET', path, undefined, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('POST', path, body, ro),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('PUT', path, body, ro),
    del: <T = void>(path: string, ro?: RequestOptions) => request<T>('DELETE', path, undefined, ro),
  }
}

export type HttpClient = ReturnType<typeof createHttpClient>
export { ApiError }
