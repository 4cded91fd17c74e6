import { useAtomValue } from 'jotai'
import { Trans, useTranslation } from 'react-i18next'
import { subscriptionAtom, userAtom } from '../session/session-atoms.ts'
import { formatDate } from '../lib/dates.ts'

/** Welcome with the company name; admins with a due date also see until when the subscription runs. */
export function WelcomeLine() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const sub = useAtomValue(subscriptionAtom)
  if (!user) return null
  const dueDate = user.company?.dueDate
  const showDue = (user.profile === 'admin' || user.super) && !!dueDate
  return (
    <div className="zd-welcome">
      <span className="zd-welcome__line">
        <Trans i18nKey="topbar.welcome" values={{ name: user.name, company: user.company?.name ?? '' }} components={{ b: <strong /> }} />
      </span>
      {showDue && (
        <span className={`zd-welcome__due${sub.overdue ? ' is-overdue' : sub.warn ? ' is-warn' : ''}`} data-testid="due-line">
          {sub.overdue ? t('topbar.expiredOn', { date: formatDate(dueDate) }) : t('topbar.activeUntil', { date: formatDate(dueDate) })}
        </span>
      )}
    </div>
  )
}
