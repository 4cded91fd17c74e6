import { Icon } from '@blueprintjs/core'
import { timeLabel } from '../timeline.ts'
import { useConversationT } from '../i18n.ts'

/** A missed call: a centred entry, not a bubble (nobody wrote it). The body tells voice or video when known. */
export function CallLogEntry({ body, createdAt }: { body: string; createdAt: string }) {
  const t = useConversationT()
  const video = /v[ií]deo/i.test(body)
  return (
    <div className="zd-conv-call" data-testid="missed-call">
      <Icon icon={video ? 'video' : 'phone'} intent="danger" />
      <span>{video ? t('missedVideoCall') : t('missedCall')}</span>
      <time>{timeLabel(createdAt)}</time>
    </div>
  )
}
