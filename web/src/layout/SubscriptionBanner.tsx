import { Button, Callout } from '@blueprintjs/core'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useSession } from '../session/use-session.ts'
import { formatDate } from '../lib/dates.ts'
import { hasRoute } from '../modules/registry.ts'

/** Overdue, or fewer than 5 days left: said once at the top of every page, for admins who can act on it. */
export function SubscriptionBanner() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user, subscription, isAdmin } = useSession()
  if (!user || user.super || !isAdmin || (!subscription.overdue && !subscription.warn)) return null
  const date = formatDate(user.company?.dueDate)
  const finance = hasRoute('/financeiro')
  return (
    <Callout className="zd-banner" intent={subscription.overdue ? 'danger' : 'warning'} icon={subscription.overdue ? 'error' : 'time'} compact>
      <span>
        {subscription.overdue
          ? t('session.overdueBanner', { date })
          : t('session.dueSoonBanner', { count: subscription.daysLeft ?? 0, date })}
      </span>
      {finance && <Button size="small" intent={subscription.overdue ? 'danger' : 'warning'} text={t('session.goToFinance')} onClick={() => navigate('/financeiro')} />}
    </Callout>
  )
}
