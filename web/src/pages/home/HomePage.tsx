import { useMemo } from 'react'
import { Card, Icon, Tag, type IconName } from '@blueprintjs/core'
import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../session/use-session.ts'
import { menu, routes } from '../../modules/registry.ts'
import { featuresFromPlan, visibleMenu } from '../../modules/gating.ts'
import { formatDate } from '../../lib/dates.ts'
import { formatMoney } from '../../lib/masks.ts'
import { Avatar } from '../../ui/Avatar.tsx'

/** The default start page: who you are, what your company's plan gives, and where to go next. */
export default function HomePage() {
  const { t, i18n } = useTranslation()
  const { user, companyPlan, subscription, access } = useSession()
  const links = useMemo(() => (access ? visibleMenu(menu, routes, access).filter((e) => e.to !== '/' && !e.disabled) : []), [access])
  if (!user) return null
  const plan = companyPlan?.plan
  const features = [...featuresFromPlan(plan as Record<string, unknown> | undefined)]
  const role = user.super ? 'super' : user.profile

  return (
    <div className="zd-page zd-home">
      <section className="zd-hero">
        <Avatar name={user.name} size={56} />
        <div>
          <h1 className="zd-page-title">{t('home.greeting', { name: user.name.split(' ')[0] })}</h1>
          <p className="zd-page-subtitle">
            {t('home.subtitle', { company: user.company?.name ?? '' })} <Tag minimal round>{t(`home.profiles.${role}`)}</Tag>
          </p>
        </div>
      </section>

      <div className="zd-cards">
        <Card className="zd-stat-card">
          <div className="zd-stat-card__head"><Icon icon="calendar" /> {t('home.subscription')}</div>
          <div className="zd-stat-card__value">{user.company?.dueDate ? formatDate(user.company.dueDate) : t('home.noDueDate')}</div>
          {user.company?.dueDate && (
            <Tag intent={subscription.overdue ? 'danger' : subscription.warn ? 'warning' : 'success'} minimal round>
              {subscription.overdue ? t('home.overdue') : t('home.daysLeft', { count: subscription.daysLeft ?? 0 })}
            </Tag>
          )}
        </Card>
        <Card className="zd-stat-card" data-testid="home-plan">
          <div className="zd-stat-card__head"><Icon icon="box" /> {t('home.plan')}</div>
          <div className="zd-stat-card__value">{plan?.name ?? companyPlan?.name ?? t('home.noPlan')}</div>
          {plan && <span className="zd-muted">{formatMoney(plan.value, i18n.language)}</span>}
        </Card>
        {plan && (
          <Card className="zd-stat-card">
            <div className="zd-stat-card__head"><Icon icon="dashboard" /> {t('home.limits')}</div>
            <dl className="zd-limits">
              <div><dt>{t('home.users')}</dt><dd>{plan.users}</dd></div>
              <div><dt>{t('home.connections')}</dt><dd>{plan.connections}</dd></div>
              <div><dt>{t('home.queues')}</dt><dd>{plan.queues}</dd></div>
            </dl>
          </Card>
        )}
      </div>

      <Card className="zd-section-card">
        <h2 className="zd-section-title">{t('home.features')}</h2>
        {features.length === 0 ? (
          <p className="zd-muted">{t('home.noFeatures')}</p>
        ) : (
          <div className="zd-chips">
            {features.map((f) => (
              <Tag key={f} icon="tick" intent="success" minimal round size="large">{t(`features.${f}`, { defaultValue: f })}</Tag>
            ))}
          </div>
        )}
      </Card>

      <h2 className="zd-section-title">{t('home.quickLinks')}</h2>
      {links.length === 0 ? (
        <p className="zd-muted">{t('home.quickLinksEmpty')}</p>
      ) : (
        <div className="zd-quick-links">
          {links.map((e) => (
            <Link key={e.id} to={e.to} className="zd-quick-link" data-testid={`quick-${e.id}`}>
              <span className="zd-quick-link__icon"><Icon icon={e.icon as IconName} size={20} /></span>
              <span>{t(e.labelKey)}</span>
              <Icon icon="chevron-right" className="zd-quick-link__arrow" />
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}
