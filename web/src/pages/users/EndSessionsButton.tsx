import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { User } from '../../api/types.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { toastError, toastSuccess } from '../../ui/toaster.ts'

/**
 * Signs a user out of every device (a lost phone, someone leaving the team); on oneself, every other device. The
 * devices' screens say an admin ended the session.
 */
export function EndSessionsButton({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    try {
      const { ended } = await api.del<{ ended: number }>(`/users/${user.id}/sessions`)
      toastSuccess(t('users.sessions.ended', { count: ended }))
      setAsking(false)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }
  const label = self ? t('users.sessions.endOthers') : t('users.sessions.end')
  return (
    <>
      <Button variant="minimal" icon="log-out" aria-label={label} title={label} data-testid="end-sessions"
        onClick={(e) => (e.stopPropagation(), setAsking(true))} />
      <ConfirmDialog open={asking} busy={busy} intent="warning" confirmText={label} onConfirm={confirm} onCancel={() => setAsking(false)}
        title={self ? t('users.sessions.confirmOthers') : t('users.sessions.confirm', { name: user.name })}>
        <p className="zd-muted">{self ? t('users.sessions.textOthers') : t('users.sessions.text')}</p>
      </ConfirmDialog>
    </>
  )
}
