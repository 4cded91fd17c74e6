import { useEffect, useState } from 'react'
import { Button, Card } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { PageHeader, api, daysUntil, formatDate, useSession } from '@zapdesk/plugin-api/web'
import './billing.css'

/**
 * The spec's /subscription page: the days left (of the trial, or of the paid period: the same due date), the billing
 * email (the company's own, from GET /billing/account; the admin's while it loads or when the company has none) and
 * Subscribe (to the finance page).
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing')
  const navigate = useNavigate()
  const { user } = useSession()
  const [companyEmail, setCompanyEmail] = useState<string | null>(null)
  useEffect(() => {
    // A failure leaves the admin's address: the page is still useful without it.
    api.get<{ email: string | null }>('/billing/account').then((a) => setCompanyEmail(a.email), () => undefined)
  }, [])
  const dueDate = user?.company?.dueDate ?? null
  const days = Math.max(0, daysUntil(dueDate) ?? 0)
  return (
    <div className="zd-page zd-billing" data-testid="subscription-page">
      <PageHeader title={t('subscription.title')} />
      <Card className="zd-billing-subscription">
        <p className="zd-billing-subscription__days" data-testid="trial-days">{t('subscription.daysLeft', { count: days })}</p>
        {dueDate && <p>{t('subscription.until', { date: formatDate(dueDate) })}</p>}
        <p data-testid="billing-email">{t('subscription.email', { email: companyEmail ?? user?.email ?? '' })}</p>
        <Button intent="primary" large icon="credit-card" text={t('subscription.subscribe')} onClick={() => navigate('/financeiro')} data-testid="subscribe" />
      </Card>
    </div>
  )
}
