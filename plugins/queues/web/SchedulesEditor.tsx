import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { defaultWeek, fullWeek, isTime, type ScheduleRow } from './types.ts'

interface Props {
  rows: ScheduleRow[]
  onChange: (rows: ScheduleRow[]) => void
}

export const invalidTime = (v: string): boolean => v !== '' && !isTime(v)

/** The queue's week: one start and end per day (the 'Horários de Atendimento' tab). */
export function SchedulesEditor({ rows, onChange }: Props) {
  const { t } = useTranslation('queues')
  const set = (i: number, patch: Partial<ScheduleRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <div>
      <p className="zd-muted">{t('schedules.hint')}</p>
      <div className="zd-schedule__presets">
        <Button size="small" variant="outlined" icon="time" text={t('schedules.business')} onClick={() => onChange(defaultWeek())} data-testid="queue-business-hours" />
        <Button size="small" variant="minimal" icon="eraser" text={t('schedules.clear')} onClick={() => onChange(fullWeek([]))} />
      </div>
      <div className="zd-schedule" data-testid="queue-schedules">
        {rows.map((r, i) => (
          <div className="zd-schedule__row" key={r.weekdayEn} data-weekday={r.weekdayEn}>
            <span className="zd-schedule__day">{t(`schedules.weekdays.${r.weekdayEn}`)}</span>
            <InputGroup type="time" aria-label={`${t(`schedules.weekdays.${r.weekdayEn}`)} ${t('schedules.start')}`} name={`${r.weekdayEn}-start`} value={r.startTime}
              intent={invalidTime(r.startTime) ? 'danger' : 'none'} onChange={(e) => set(i, { startTime: e.target.value })} />
            <span className="zd-muted">–</span>
            <InputGroup type="time" aria-label={`${t(`schedules.weekdays.${r.weekdayEn}`)} ${t('schedules.end')}`} name={`${r.weekdayEn}-end`} value={r.endTime}
              intent={invalidTime(r.endTime) ? 'danger' : 'none'} onChange={(e) => set(i, { endTime: e.target.value })} />
          </div>
        ))}
      </div>
      {rows.some((r) => invalidTime(r.startTime) || invalidTime(r.endTime)) && <p className="zd-field-error">{t('validation.time')}</p>}
    </div>
  )
}
