import { useTranslation } from 'react-i18next'
import type { Schedule } from './types.ts'
import { byDay, dayKey, monthGrid, monthTitle, timeOf, weekdayNames } from './calendar.ts'
import { CalendarBar } from './CalendarBar.tsx'

interface Props {
  month: Date
  items: Schedule[]
  loading: boolean
  selectedDay: string
  onSelectDay: (key: string) => void
  onMonth: (delta: -1 | 1 | 'today') => void
  onOpen: (s: Schedule) => void
}

/** Chips a day shows before '+N others' (on a phone only a count: the day's agenda lists them below). */
const CHIPS = 2

/** A month grid: each schedule an event on its day at its time; a day picks the agenda shown under it. */
export function MonthCalendar({ month, items, loading, selectedDay, onSelectDay, onMonth, onOpen }: Props) {
  const { t, i18n } = useTranslation('schedules')
  const days = byDay(items, (s) => s.sendAt)
  const today = dayKey(new Date())
  return (
    <section className="zd-cal" aria-label={monthTitle(month, i18n.language)} data-testid="schedules-calendar">
      <CalendarBar title={monthTitle(month, i18n.language)} loading={loading} unit="month" onMove={onMonth} />
      <div className="zd-cal__grid" role="grid">
        {weekdayNames(i18n.language).map((name) => <div key={name} className="zd-cal__weekday" role="columnheader">{name}</div>)}
        {monthGrid(month).map((date) => {
          const key = dayKey(date)
          const events = days.get(key) ?? []
          const classes = ['zd-cal__day', date.getMonth() !== month.getMonth() && 'zd-cal__day--other', key === today && 'zd-cal__day--today', key === selectedDay && 'zd-cal__day--selected']
          return (
            <div key={key} role="gridcell" tabIndex={0} className={classes.filter(Boolean).join(' ')} data-day={key} aria-selected={key === selectedDay}
              aria-label={`${date.getDate()}: ${t('calendar.dayCount', { count: events.length })}`}
              onClick={() => onSelectDay(key)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelectDay(key)}>
              <span className="zd-cal__date">{date.getDate()}</span>
              {events.length > 0 && <span className="zd-cal__dot" aria-hidden>{events.length}</span>}
              <div className="zd-cal__events">
                {events.slice(0, CHIPS).map((s) => (
                  <button key={s.id} type="button" className={`zd-cal__event zd-cal__event--${s.status}`} data-schedule-event={s.id}
                    title={`${timeOf(s.sendAt, i18n.language)} ${s.contact?.name ?? ''}: ${s.body}`}
                    onClick={(e) => { e.stopPropagation(); onSelectDay(key); onOpen(s) }}>
                    <strong>{timeOf(s.sendAt, i18n.language)}</strong> {s.contact?.name ?? t('unknownContact')}
                  </button>
                ))}
                {events.length > CHIPS && <span className="zd-cal__more">{t('calendar.more', { count: events.length - CHIPS })}</span>}
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}
