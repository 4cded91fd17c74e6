import { atom } from 'jotai'
import { appStore } from '../session/session-atoms.ts'
import type { FetchLike } from '../api/http-client.ts'

/*
 * Whether the app can reach its server: the browser's own online flag, and whether the last API call got an answer
 * at all (a shell served by the service worker while the server is down or the network is gone gets none).
 */
export const browserOnlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine)
export const apiUnreachableAtom = atom(false)
export const offlineAtom = atom((get) => !get(browserOnlineAtom) || get(apiUnreachableAtom))

export function reportApiReached(reached: boolean): void {
  if (appStore.get(apiUnreachableAtom) === reached) appStore.set(apiUnreachableAtom, !reached)
}

export const isApiUnreachable = (): boolean => appStore.get(apiUnreachableAtom)

/** fetch that records whether the server answered: any answer counts, a network failure (not an abort) does not. */
export function trackedFetch(fetcher: FetchLike): FetchLike {
  return async (input, init) => {
    try {
      const res = await fetcher(input, init)
      reportApiReached(true)
      return res
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) reportApiReached(false)
      throw err
    }
  }
}

/** Follows the browser's online/offline events. */
export function watchBrowserOnline(): void {
  addEventListener('online', () => appStore.set(browserOnlineAtom, true))
  addEventListener('offline', () => appStore.set(browserOnlineAtom, false))
}

/** Runs `fn` once: when the browser says it is online again, or after `ms`, whichever comes first. */
export function retryWhenOnline(fn: () => void, ms = 10_000): void {
  const run = () => {
    clearTimeout(timer)
    removeEventListener('online', run)
    fn()
  }
  const timer = setTimeout(run, ms)
  addEventListener('online', run)
}
