import { createHttpClient } from './http-client.ts'
import { xhrFetch } from './xhr-fetch.ts'
import type { AuthAnswer } from './types.ts'
import { STORAGE_KEYS, store } from '../lib/storage.ts'
import { i18n } from '../i18n/i18n.ts'
import { trackedFetch } from '../pwa/connectivity.ts'

const hooks = {
  onRefreshed: (_answer: AuthAnswer): void => undefined,
  onUnauthorized: (_code: string | null): void => undefined,
}

/** The session layer plugs in here once it exists (it imports this module, so no import back). */
export function setSessionHooks(next: Partial<typeof hooks>): void {
  Object.assign(hooks, next)
}

/** The one HTTP client of the tab: every page and module calls the API through it. */
export const api = createHttpClient({
  baseUrl: '/api',
  // tracked: a call the server never answered shows the app as offline
  fetch: trackedFetch((input, init) => globalThis.fetch(input, init)),
  upload: xhrFetch,
  getToken: () => store.getItem(STORAGE_KEYS.token),
  getLanguage: () => i18n.language,
  onRefreshed: (answer) => hooks.onRefreshed(answer),
  onUnauthorized: (code) => hooks.onUnauthorized(code),
})
