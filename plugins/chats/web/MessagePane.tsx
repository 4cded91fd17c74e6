import { useCallback, useRef } from 'react'
import { Button, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, formatDateTime, useMessageScroll } from '@zapdesk/plugin-api/web'
import { LOAD_OLDER_PX, STICK_PX, otherMembers } from './chat-rules.ts'
import { useChatMessages } from './use-chat-messages.ts'
import { Composer } from './Composer.tsx'
import type { Chat, ChatMessage } from './types.ts'

interface Props {
  chat: Chat
  userId: number | undefined
  /** A rename or a new member list seen live while the chat is open. */
  onChatChanged: (c: Chat) => void
}

/** The open conversation: its title and members, the messages (newest at the bottom) and the composer. */
export function MessagePane({ chat, userId, onChatChanged }: Props) {
  const { t } = useTranslation('chats')
  const data = useChatMessages(chat, userId, onChatChanged)
  const scroller = useRef<HTMLDivElement>(null)
  const isOwn = useCallback((m: ChatMessage) => m.senderId === userId, [userId])
  const { onScroll } = useMessageScroll({
    scroller, messages: data.messages, isOwn, busy: data.loadingOlder || data.status === 'loading',
    canLoadOlder: data.hasMore && data.status === 'ready', loadOlder: data.loadOlder, loadOlderPx: LOAD_OLDER_PX, stickPx: STICK_PX,
  })
  const others = otherMembers(chat, userId)
  return (
    <section className="zd-chats-pane" data-testid="chat-pane" data-chat-uuid={chat.uuid}>
      <header className="zd-chats-pane__head">
        <strong className="zd-chats-pane__title" data-testid="chat-title">{chat.title}</strong>
        <span className="zd-chats-pane__members">{others.length ? others.join(', ') : t('pane.onlyYou')}</span>
      </header>
      <div className="zd-chats-messages" ref={scroller} onScroll={onScroll} data-testid="chat-messages">
        {data.loadingOlder && <div className="zd-chats-messages__older"><Spinner size={20} /></div>}
        {data.status === 'loading' && <div className="zd-chats-messages__center"><Spinner size={28} /></div>}
        {data.status === 'error' && (
          <EmptyState icon="error" title={t('pane.loadError')} action={<Button icon="refresh" text={t('retry')} onClick={data.reload} />} />
        )}
        {data.status === 'ready' && data.messages.length === 0 && <EmptyState icon="chat" title={t('pane.empty')} description={t('pane.emptyHint')} />}
        {data.messages.map((m) => {
          const mine = m.senderId === userId
          return (
            <div key={m.id} className={`zd-chats-msg${mine ? ' is-me' : ''}`} data-testid="chat-message">
              <div className="zd-bubble zd-chats-msg__bubble">
                <div className="zd-chats-msg__sender">{mine ? t('pane.you') : m.sender?.name ?? t('pane.deletedUser')}</div>
                <div className="zd-chats-msg__text">{m.message}</div>
                <time className="zd-chats-msg__time" dateTime={m.createdAt ?? undefined}>{formatDateTime(m.createdAt)}</time>
              </div>
            </div>
          )
        })}
      </div>
      <Composer onSend={data.send} />
    </section>
  )
}
