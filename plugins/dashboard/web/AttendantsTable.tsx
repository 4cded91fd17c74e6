import { HTMLTable, Icon, Spinner, Tooltip } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Avatar } from '@zapdesk/plugin-api/web'
import { formatMinutes, formatRating, RATING_LABELS, ratingStep } from './format.ts'
import type { Attendant } from './types.ts'

/** Three stars for the spec's 1-3 scale, filled up to the average's nearest step, with its label on hover. */
function Rating({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation('dashboard')
  const step = ratingStep(value)
  if (step === null) return <span className="zd-muted">{t('attendants.noRating')}</span>
  const label = t(`rating.${RATING_LABELS[step]}`)
  return (
    <Tooltip content={label} placement="top">
      <span className="zd-dash-rating" aria-label={`${label} (${formatRating(value!, i18n.language)})`}>
        {[1, 2, 3].map((n) => <Icon key={n} icon={n <= step ? 'star' : 'star-empty'} size={14} />)}
        <span className="zd-dash-rating__value">{formatRating(value!, i18n.language)}</span>
      </span>
    </Tooltip>
  )
}

export function AttendantsTable({ attendants, loading }: { attendants: Attendant[] | null; loading: boolean }) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="zd-table-card zd-table-card--auto">
      <HTMLTable className="zd-table" compact striped data-testid="attendants-table">
        <thead>
          <tr>
            <th>{t('attendants.name')}</th>
            <th>{t('attendants.rating')}</th>
            <th>{t('attendants.avgSupportTime')}</th>
            <th>{t('attendants.avgWaitTime')}</th>
            <th>{t('attendants.tickets')}</th>
            <th>{t('attendants.status')}</th>
          </tr>
        </thead>
        <tbody>
          {(attendants ?? []).map((a) => (
            <tr key={a.id} data-attendant={a.id}>
              <td><span className="zd-person"><Avatar name={a.name} size={28} />{a.name}</span></td>
              <td><Rating value={a.rating} /></td>
              <td>{formatMinutes(a.avgSupportTime)}</td>
              <td>{formatMinutes(a.avgWaitTime)}</td>
              <td>{a.tickets}</td>
              <td>
                <span className={`zd-dash-status ${a.online ? 'is-online' : ''}`} data-online={a.online}>
                  <span className="zd-dash-status__dot" aria-hidden /> {t(a.online ? 'attendants.online' : 'attendants.offline')}
                </span>
              </td>
            </tr>
          ))}
          {attendants?.length === 0 && <tr><td colSpan={6} className="zd-muted">{t('attendants.empty')}</td></tr>}
        </tbody>
      </HTMLTable>
      {loading && !attendants && <div className="zd-table-loading"><Spinner size={20} /></div>}
    </div>
  )
}
