import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useRealtime, useRealtimeRoom } from '../realtime/hooks.ts'
import { userAtom } from '../session/session-atoms.ts'
import { endSession, refreshCompanyPlan, refreshUser } from '../session/session-service.ts'
import { clearSessionKeys } from '../lib/storage.ts'
import { toastWarning } from '../ui/toaster.ts'

/** Spec: after a sign-in elsewhere the page reloads one second after the warning. */
export const ANOTHER_COMPUTER_RELOAD_MS = 1000

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined)

/** Keeps the session in step with the server's live events (core topics); modules' background components notify. */
export function SessionWatcher() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)

  useRealtimeRoom(me ? { type: 'joinNotification' } : null)

  useRealtime('auth', (data) => {
    if (!me || data.user?.id !== me.id) return
    clearSessionKeys()
    toastWarning(t('session.anotherComputer'))
    setTimeout(() => location.reload(), ANOTHER_COMPUTER_RELOAD_MS)
  })

  useRealtime('user', (data) => {
    const id = data.user?.id ?? data.userId
    if (!me || id !== me.id) return
    if (data.action === 'delete') endSession()
    else quietly(refreshUser())
  })

  useRealtime('settings', () => quietly(refreshUser()))
  useRealtime('company', () => quietly(Promise.all([refreshUser(), refreshCompanyPlan()])))
  useRealtime('modules', () => quietly(Promise.all([refreshCompanyPlan(), refreshUser()])))

  return null
}
