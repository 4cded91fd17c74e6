import { Tag, type Intent } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { errorText, formatDateTime, ApiError } from '@zapdesk/plugin-api/web'
import type { Schedule } from './types.ts'

const INTENTS: Record<Schedule['status'], Intent> = { pending: 'primary', sending: 'warning', sent: 'success', failed: 'danger' }

/** A schedule's state as a tag; a failed one says why (its code, translated), a sent one when. */
export function ScheduleStatus({ s }: { s: Schedule }) {
  const { t } = useTranslation('schedules')
  const why = s.status === 'failed' && s.error ? errorText(new ApiError(400, s.error, s.error)) : s.sentAt ? t('sentAt', { date: formatDateTime(s.sentAt) }) : undefined
  return <Tag minimal round intent={INTENTS[s.status]} title={why} data-status={s.status}>{t(`status.${s.status}`)}</Tag>
}
