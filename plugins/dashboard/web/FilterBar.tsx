import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PERIODS, type Filter } from './filters.ts'

interface Props {
  filter: Filter
  onChange: (f: Filter) => void
  /** The date the date fields start from when the user switches back to them. */
  fallbackDates: { dateFrom: string; dateTo: string }
}

/** Spec: a filter type selector, then either two dates or a period of the last 3 to 90 days. */
export function FilterBar({ filter, onChange, fallbackDates }: Props) {
  const { t } = useTranslation('dashboard')
  const switchType = (type: string) => {
    if (type === filter.type) return
    onChange(type === 'period' ? { type: 'period', days: 7 } : { type: 'date', ...fallbackDates })
  }

  return (
    <div className="zd-dash-filter" data-testid="dashboard-filter">
      <FormGroup label={t('filter.type')} labelFor="dashboard-filter-type">
        <HTMLSelect id="dashboard-filter-type" value={filter.type} onChange={(e) => switchType(e.target.value)}>
          <option value="date">{t('filter.byDate')}</option>
          <option value="period">{t('filter.byPeriod')}</option>
        </HTMLSelect>
      </FormGroup>
      {filter.type === 'date' ? (
        <>
          <FormGroup label={t('filter.dateFrom')} labelFor="dashboard-date-from">
            <InputGroup id="dashboard-date-from" type="date" value={filter.dateFrom} max={filter.dateTo || undefined}
              onChange={(e) => onChange({ ...filter, dateFrom: e.target.value })} />
          </FormGroup>
          <FormGroup label={t('filter.dateTo')} labelFor="dashboard-date-to">
            <InputGroup id="dashboard-date-to" type="date" value={filter.dateTo} min={filter.dateFrom || undefined}
              onChange={(e) => onChange({ ...filter, dateTo: e.target.value })} />
          </FormGroup>
        </>
      ) : (
        <FormGroup label={t('filter.period')} labelFor="dashboard-period">
          <HTMLSelect id="dashboard-period" value={filter.days} onChange={(e) => onChange({ type: 'period', days: Number(e.target.value) })}>
            {PERIODS.map((d) => <option key={d} value={d}>{t('filter.lastDays', { count: d })}</option>)}
          </HTMLSelect>
        </FormGroup>
      )}
    </div>
  )
}
