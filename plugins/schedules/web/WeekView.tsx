import { useTranslation } from 'react-i18next'
import type { Schedule } from './types.ts'
import { byDay, dayKey, longDay, weekOf, weekTitle } from './calendar.ts'
import { CalendarBar } from './CalendarBar.tsx'
import { ScheduleItem } from './ScheduleItem.tsx'

interface Props {
  day: string
  items: Schedule[]
  loading: boolean
  onWeek: (delta: -1 | 1 | 'today') => void
  onSelectDay: (key: string) => void
  onEdit: (s: Schedule) => void
  onDelete: (s: Schedule) => void
}

/** The week of the chosen day: a column per day (stacked on a phone) with its schedules as events. */
export function WeekView({ day, items, loading, onWeek, onSelectDay, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('schedules')
  const week = weekOf(day)
  const days = byDay(items, (s) => s.sendAt)
  const today = dayKey(new Date())
  return (
    <section className="zd-cal zd-week" aria-label={weekTitle(week, i18n.language)} data-testid="schedules-week">
      <CalendarBar title={weekTitle(week, i18n.language)} loading={loading} unit="week" onMove={onWeek} />
      <div className="zd-week__days">
        {week.map((key) => {
          const events = days.get(key) ?? []
          return (
            <div key={key} className={`zd-week__day${key === today ? ' zd-week__day--today' : ''}${key === day ? ' zd-week__day--selected' : ''}`} data-week-day={key}>
              <button type="button" className="zd-week__head" onClick={() => onSelectDay(key)}>{longDay(key, i18n.language)}</button>
              {events.length === 0 && <p className="zd-muted zd-week__none">{t('calendar.dayCount', { count: 0 })}</p>}
              {events.map((s) => <ScheduleItem key={s.id} s={s} onEdit={onEdit} onDelete={onDelete} />)}
            </div>
          )
        })}
      </div>
    </section>
  )
}
