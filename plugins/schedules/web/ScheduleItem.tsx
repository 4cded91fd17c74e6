import { Button, Icon } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Schedule } from './types.ts'
import { timeOf } from './calendar.ts'
import { isEditable } from './rules.ts'
import { ScheduleStatus } from './ScheduleStatus.tsx'

interface Props {
  s: Schedule
  onEdit: (s: Schedule) => void
  onDelete: (s: Schedule) => void
}

/** One schedule as an event: its time, contact, state and message, with edit (only while not sent) and delete. */
export function ScheduleItem({ s, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('schedules')
  return (
    <article className="zd-agenda__item" data-schedule={s.id}>
      <span className="zd-agenda__time">{timeOf(s.sendAt, i18n.language)}</span>
      <div className="zd-agenda__text">
        <strong>{s.contact?.name ?? t('unknownContact')}</strong> <ScheduleStatus s={s} />
        <div className="zd-agenda__body">{s.mediaName && <Icon icon="media" size={12} title={s.mediaName} />} {s.body}</div>
      </div>
      <div className="zd-agenda__actions">
        {isEditable(s) && <Button variant="minimal" icon="edit" title={t('edit')} aria-label={t('edit')} onClick={() => onEdit(s)} data-testid="schedule-edit" />}
        <Button variant="minimal" icon="trash" intent="danger" title={t('delete')} aria-label={t('delete')} disabled={s.status === 'sending'} onClick={() => onDelete(s)} data-testid="schedule-delete" />
      </div>
    </article>
  )
}
