import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Spinner } from '@blueprintjs/core'
import { api, ConfirmDialog, EmptyState, PageSpinner, toastError, useMessageScroll, useSession } from '@zapdesk/plugin-api/web'
import type { ConversationTicket, Message } from './types.ts'
import { buildTimeline } from './timeline.ts'
import type { MessagesData } from './use-messages.ts'
import { useConversationT } from './i18n.ts'
import { MessageRow } from './MessageRow.tsx'
import { Separator } from './Separator.tsx'

/** Spec: the message list loads older messages within 50 px of its top. */
const LOAD_OLDER_THRESHOLD_PX = 50
/** Closer than this to the bottom, the list follows new messages and late-loading media. */
const STICK_PX = 80
const fromMe = (m: Message) => m.fromMe

interface Props {
  ticket: ConversationTicket
  data: MessagesData
  /** No action menu at all. */
  readOnly?: boolean
  /** Offers "reply" in the menu. */
  onReply?: (m: Message) => void
}

/**
 * The drawn list: separators and bubbles, scrolling rules, loading and error states, and the delete confirmation
 * of the message menu. The data comes from useMessages, owned by the caller (the conversation shares it with the
 * input, so a sent message shows even before its realtime frame).
 */
export function MessagesView({ ticket, data, readOnly, onReply }: Props) {
  const t = useConversationT()
  const { user, isAdmin } = useSession()
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const [deleting, setDeleting] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const { onScroll } = useMessageScroll({
    scroller, content, messages: data.messages, isOwn: fromMe,
    busy: data.loadingOlder || data.status === 'loading',
    canLoadOlder: data.status === 'ready' && data.hasMore && !data.olderFailed,
    loadOlder: data.loadOlder, loadOlderPx: LOAD_OLDER_THRESHOLD_PX, stickPx: STICK_PX,
  })
  const items = useMemo(() => buildTimeline(data.messages, !data.hasMore), [data.messages, data.hasMore])
  const isGroup = !!(ticket.isGroup ?? ticket.contact.isGroup)
  const askDelete = useCallback((m: Message) => setDeleting(m), [])
  const { apply } = data

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      const answer = await api.del<Message | undefined>(`/messages/${deleting.id}`)
      // The update frame will say the same; the answer (or the known outcome) shows it at once.
      apply(answer && typeof answer === 'object' && 'id' in answer ? answer : { ...deleting, isDeleted: true })
      setDeleting(null)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const firstLoad = data.messages.length === 0 && data.status !== 'ready'

  return (
    <div className="zd-conv-list" ref={scroller} onScroll={onScroll} data-testid="messages-list">
      <div className="zd-conv-list__content" ref={content}>
        {data.loadingOlder && <div className="zd-conv-older zd-conv-older--loading"><Spinner size={20} /></div>}
        {data.olderFailed && (
          <div className="zd-conv-older">
            <Button variant="minimal" icon="refresh" text={t('loadOlderRetry')} onClick={data.loadOlder} />
          </div>
        )}
        {firstLoad && data.status === 'loading' && <PageSpinner />}
        {firstLoad && data.status === 'error' && (
          <EmptyState icon="error" title={t('loadError')} action={<Button icon="refresh" text={t('retry')} onClick={data.reload} />} />
        )}
        {!firstLoad && items.length === 0 && <div className="zd-conv-empty" data-testid="messages-empty">{t('empty')}</div>}
        {items.map((item) =>
          item.kind === 'message' ? (
            <MessageRow key={item.key} message={item.message} contactName={ticket.contact.name} isGroup={isGroup}
              onReply={readOnly ? undefined : onReply} onDelete={readOnly ? undefined : askDelete}
              canDelete={item.message.fromMe && (isAdmin || (user != null && item.message.userId === user.id))} />
          ) : (
            item.kind === 'day'
              ? <Separator key={item.key} kind="day" label={item.label} />
              : <Separator key={item.key} kind={item.kind} ticketId={item.ticketId} />
          ),
        )}
      </div>
      <ConfirmDialog open={deleting !== null} title={t('deleteConfirm')} busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('deleteHint')}</p>
      </ConfirmDialog>
    </div>
  )
}
