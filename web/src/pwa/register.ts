import { atom } from 'jotai'

/** Set when a new version's service worker took over this tab. */
export const updateReadyAtom = atom(false)

/**
 * Registers the service worker of a production build. A new deploy's worker takes over open tabs at once; a tab that
 * was already running the old version is then told (onUpdate) so it can offer a reload instead of staying on a
 * stale shell. Long-lived tabs ask for a new worker every hour (browsers only check on page loads).
 */
export function registerServiceWorker(onUpdate: () => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const hadController = !!navigator.serviceWorker.controller
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) onUpdate()
  })
  const register = () => {
    navigator.serviceWorker.register('/sw.js').then((reg) => {
      setInterval(() => void reg.update().catch(() => undefined), 60 * 60 * 1000)
    }, () => undefined)
  }
  if (document.readyState === 'complete') register()
  else addEventListener('load', register, { once: true })
}
