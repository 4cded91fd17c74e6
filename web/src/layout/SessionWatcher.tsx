import { useAtomValue } from 'jotai'
import { useRealtime, useRealtimeRoom } from '../realtime/hooks.ts'
import { userAtom } from '../session/session-atoms.ts'
import { endSession, refreshCompanyPlan, refreshUser } from '../session/session-service.ts'

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined)

/** Keeps the session in step with the server's live events (core topics); modules' background components notify. */
export function SessionWatcher() {
  const me = useAtomValue(userAtom)

  useRealtimeRoom(me ? { type: 'joinNotification' } : null)

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
