import { Button, ButtonGroup, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'

interface Props {
  title: string
  loading: boolean
  /** What the arrows step by, for their labels. */
  unit: 'month' | 'week'
  onMove: (delta: -1 | 1 | 'today') => void
}

/** The calendar's navigation: previous, today, next, and what is shown. */
export function CalendarBar({ title, loading, unit, onMove }: Props) {
  const { t } = useTranslation('schedules')
  const previous = t(unit === 'month' ? 'calendar.previous' : 'calendar.previousWeek')
  const next = t(unit === 'month' ? 'calendar.next' : 'calendar.nextWeek')
  return (
    <div className="zd-cal__bar">
      <ButtonGroup>
        <Button icon="chevron-left" aria-label={previous} title={previous} onClick={() => onMove(-1)} />
        <Button text={t('calendar.today')} onClick={() => onMove('today')} />
        <Button icon="chevron-right" aria-label={next} title={next} onClick={() => onMove(1)} />
      </ButtonGroup>
      <h2 className="zd-cal__title" data-testid="calendar-title">{title}</h2>
      {loading && <Spinner size={16} aria-label={t('calendar.loading')} />}
    </div>
  )
}
