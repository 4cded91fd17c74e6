import { useEffect, useState } from 'react'
import { Button, Card, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../../ui/PageSpinner.tsx'
import { isTime, normalizeSchedules, type ScheduleRow } from './setting-options.ts'
import { useOwnCompany } from './use-own-company.ts'

/** Company-wide business hours, shown while the schedule type setting is 'company'. */
export function SchedulesTab() {
  const { t } = useTranslation()
  const { company, failed, saving, save } = useOwnCompany()
  const [rows, setRows] = useState<ScheduleRow[] | null>(null)

  useEffect(() => {
    if (company || failed) setRows(normalizeSchedules(company?.schedules ?? []))
  }, [company, failed])

  if (!rows) return <PageSpinner />
  const invalid = (v: string) => v !== '' && !isTime(v)
  const hasInvalid = rows.some((r) => invalid(r.startTime) || invalid(r.endTime))
  const set = (i: number, patch: Partial<ScheduleRow>) => setRows((list) => list!.map((r, j) => (j === i ? { ...r, ...patch } : r)))

  return (
    <Card className="zd-section-card zd-narrow-card">
      <h2 className="zd-section-title">{t('settings.schedules.title')}</h2>
      <p className="zd-muted">{t('settings.schedules.hint')}</p>
      <div className="zd-schedule">
        {rows.map((r, i) => (
          <div className="zd-schedule__row" key={r.weekdayEn}>
            <span className="zd-schedule__day">{t(`settings.schedules.weekdays.${r.weekdayEn}`)}</span>
            <InputGroup type="time" aria-label={t('settings.schedules.start')} value={r.startTime} intent={invalid(r.startTime) ? 'danger' : 'none'} onChange={(e) => set(i, { startTime: e.target.value })} />
            <span className="zd-muted">–</span>
            <InputGroup type="time" aria-label={t('settings.schedules.end')} value={r.endTime} intent={invalid(r.endTime) ? 'danger' : 'none'} onChange={(e) => set(i, { endTime: e.target.value })} />
          </div>
        ))}
      </div>
      {hasInvalid && <p className="zd-field-error">{t('validation.invalidTime')}</p>}
      <div className="zd-form-actions">
        <Button intent="primary" icon="floppy-disk" text={t('common.save')} loading={saving} disabled={hasInvalid} onClick={() => void save({ schedules: rows })} />
      </div>
    </Card>
  )
}
