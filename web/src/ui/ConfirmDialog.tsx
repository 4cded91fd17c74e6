import { Alert, type Intent } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmText?: string
  intent?: Intent
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Every destructive action asks first; the confirm button stays disabled while the call runs. */
export function ConfirmDialog({ open, title, children, confirmText, intent = 'danger', busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation()
  return (
    <Alert
      isOpen={open}
      intent={intent}
      icon={intent === 'danger' ? 'trash' : 'help'}
      confirmButtonText={confirmText ?? t('common.delete')}
      cancelButtonText={t('common.cancel')}
      loading={busy}
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onCancel={onCancel}
      className="zd-confirm"
    >
      <p className="zd-confirm__title">{title}</p>
      {children ?? <p className="zd-muted">{t('common.irreversible')}</p>}
    </Alert>
  )
}
