import { Alert } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { FormState } from './use-form.ts'

/** Asked when a form with unsaved changes is closed or cleared: discard them, or keep editing. */
export function DiscardAlert({ discard }: { discard: FormState<object>['discard'] }) {
  const { t } = useTranslation()
  return (
    <Alert isOpen={discard.asking} intent="warning" icon="warning-sign" confirmButtonText={t('common.discard')} cancelButtonText={t('common.keepEditing')}
      canEscapeKeyCancel onConfirm={discard.confirm} onCancel={discard.cancel} className="zd-confirm">
      <p className="zd-confirm__title">{t('common.discardTitle')}</p>
      <p className="zd-muted">{t('common.discardText')}</p>
    </Alert>
  )
}
