import { Button } from '@blueprintjs/core'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../ui/EmptyState.tsx'

export function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <EmptyState
      icon="search"
      title={t('notFound.title')}
      description={t('notFound.text')}
      action={<Button intent="primary" icon="home" text={t('notFound.home')} onClick={() => navigate('/')} />}
    />
  )
}
