import { Icon } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime, type Column } from '@zapdesk/plugin-api/web'
import type { Schedule } from './types.ts'
import { ScheduleStatus } from './ScheduleStatus.tsx'

/** The list view's columns: contact, message (with its picture's name), send time, state; a phone sees the contact's. */
export function useScheduleColumns(): Column<Schedule>[] {
  const { t } = useTranslation('schedules')
  return [
    {
      // On a phone the contact's cell carries the time and the message too: the other columns give way.
      key: 'contact', header: t('columns.contact'), cell: (s) => (
        <>
          <strong>{s.contact?.name ?? t('unknownContact')}</strong>
          <div className="zd-schedules__sub zd-muted">{formatDateTime(s.sendAt)}</div>
          <div className="zd-schedules__sub zd-schedules__body zd-ellipsis">{s.body}</div>
        </>
      ),
    },
    {
      key: 'body', header: t('columns.body'), className: 'zd-hide-narrow', cell: (s) => (
        <div className="zd-ellipsis zd-schedules__body">{s.mediaName && <Icon icon="media" size={12} title={s.mediaName} />} {s.body}</div>
      ),
    },
    { key: 'sendAt', header: t('columns.sendAt'), className: 'zd-hide-narrow', cell: (s) => formatDateTime(s.sendAt) },
    { key: 'status', header: t('columns.status'), cell: (s) => <ScheduleStatus s={s} />, className: 'zd-hide-narrow' },
  ]
}
