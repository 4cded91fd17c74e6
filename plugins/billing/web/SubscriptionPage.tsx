import { Button, Card } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { PageHeader, daysUntil, formatDate, useSession } from '@zapdesk/plugin-api/web'
import './billing.css'

/**
 * The spec's /subscription page: the days left (of the trial, or of the paid period: the same due date), the billing
 * email (the admin's: the session carries no company email) and Subscribe (to the finance page).
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing')
  const navigate = useNavigate()
  const { user } = useSession()
  const dueDate = user?.company?.dueDate ?? null
  const days = Math.max(0, daysUntil(dueDate) ?? 0)
  return (
    <div className="zd-page zd-billing" data-testid="subscription-page">
      <PageHeader title={t('subscription.title')} />
      <Card className="zd-billing-subscription">
        <p className="zd-billing-subscription__days" data-testid="trial-days">{t('subscription.daysLeft', { count: days })}</p>
        {dueDate && <p>{t('subscription.until', { date: formatDate(dueDate) })}</p>}
        <p>{t('subscription.email', { email: user?.email ?? '' })}</p>
        <Button intent="primary" large icon="credit-card" text={t('subscription.subscribe')} onClick={() => navigate('/financeiro')} data-testid="subscribe" />
      </Card>
    </div>
  )
}
