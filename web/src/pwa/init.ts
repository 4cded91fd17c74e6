import { appStore } from '../session/session-atoms.ts'
import { unlockChimeOnFirstGesture } from '../ui/notify-sound.ts'
import { watchBrowserOnline } from './connectivity.ts'
import { registerServiceWorker, updateReadyAtom } from './register.ts'

/** The installable-app parts started with the page: online state, the service worker, the chime's audio. */
export function initPwa(): void {
  watchBrowserOnline()
  registerServiceWorker(() => appStore.set(updateReadyAtom, true))
  unlockChimeOnFirstGesture()
}
