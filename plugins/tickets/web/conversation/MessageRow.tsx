import { memo } from 'react'
import { Icon } from '@blueprintjs/core'
import { ApiError, errorText } from '@zapdesk/plugin-api/web'
import type { Message } from './types.ts'
import { mediaKind } from './media-kind.ts'
import { timeLabel } from './timeline.ts'
import { useConversationT } from './i18n.ts'
import { AckIcon } from './AckIcon.tsx'
import { MessageBody } from './MessageBody.tsx'
import { MessageMenu } from './MessageMenu.tsx'
import { QuotedPreview } from './QuotedPreview.tsx'
import { CallLogEntry } from './bodies/CallLogEntry.tsx'

interface Props {
  message: Message
  contactName: string
  isGroup: boolean
  /** Whether the delete action is offered for this message. */
  canDelete?: boolean
  /** Absent in read-only lists: no action menu. Without onReply the menu only offers delete. */
  onReply?: (m: Message) => void
  onDelete?: (m: Message) => void
}

/** One message: a bubble on the left (contact) or right (agent) with its quote, markers, time and ticks. */
export const MessageRow = memo(function MessageRow({ message: m, contactName, isGroup, canDelete = false, onReply, onDelete }: Props) {
  const t = useConversationT()
  if (mediaKind(m) === 'call') return <CallLogEntry body={m.body} createdAt={m.createdAt} />
  const author = !m.fromMe && isGroup ? m.contact?.name ?? m.participant ?? null : null
  const failed = m.fromMe && m.sendStatus === 'failed'
  return (
    <div className={`zd-conv-row${m.fromMe ? ' is-me' : ''}`} data-testid="message" data-message-id={m.id}>
      <div className={`zd-bubble zd-conv-bubble${failed ? ' is-failed' : ''}`}>
        {onDelete && (onReply || (canDelete && !m.isDeleted)) && <MessageMenu message={m} canDelete={canDelete && !m.isDeleted} onReply={onReply} onDelete={onDelete} />}
        {author && <div className="zd-conv-author">{author}</div>}
        {m.quotedMsg && <QuotedPreview quoted={m.quotedMsg} contactName={contactName} />}
        {m.isDeleted && (
          <div className="zd-conv-deleted" data-testid="message-deleted">
            <Icon icon="disable" size={12} /> <em>{t('deleted')}</em>
          </div>
        )}
        <div className={m.isDeleted ? 'zd-conv-content is-deleted' : 'zd-conv-content'}>
          <MessageBody message={m} />
        </div>
        {failed && (
          <div className="zd-conv-failed" role="alert" data-testid="message-failed">
            <Icon icon="error" size={12} /> {t('sendFailed')}
            {m.sendError ? `: ${errorText(new ApiError(0, m.sendError, m.sendError))}` : ''}
          </div>
        )}
        <div className="zd-conv-meta">
          {m.isEdited && <span className="zd-conv-edited" data-testid="message-edited">{t('edited')}</span>}
          <time dateTime={m.createdAt}>{timeLabel(m.createdAt)}</time>
          <AckIcon message={m} />
        </div>
      </div>
    </div>
  )
})
