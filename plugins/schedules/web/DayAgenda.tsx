import { useTranslation } from 'react-i18next'
import type { Schedule } from './types.ts'
import { byDay, longDay } from './calendar.ts'
import { ScheduleItem } from './ScheduleItem.tsx'

interface Props {
  day: string
  items: Schedule[]
  onEdit: (s: Schedule) => void
  onDelete: (s: Schedule) => void
}

/** The chosen day's schedules in time order, each with its edit and delete icons (edit only while not sent). */
export function DayAgenda({ day, items, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('schedules')
  const events = byDay(items, (s) => s.sendAt).get(day) ?? []
  return (
    <section className="zd-agenda" aria-label={longDay(day, i18n.language)} data-testid="schedules-agenda">
      <h3 className="zd-agenda__title">{longDay(day, i18n.language)}</h3>
      {events.length === 0 && <p className="zd-muted">{t('calendar.dayEmpty')}</p>}
      {events.map((s) => <ScheduleItem key={s.id} s={s} onEdit={onEdit} onDelete={onDelete} />)}
    </section>
  )
}
