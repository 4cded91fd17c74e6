import { Button, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, formatDateTime } from '@zapdesk/plugin-api/web'
import { otherMembers, unreadOf } from './chat-rules.ts'
import type { ChatList as ChatListData } from './use-chat-list.ts'
import type { Chat } from './types.ts'

interface Props {
  data: ChatListData
  selectedUuid: string | undefined
  onOpen: (c: Chat) => void
  onNew: () => void
  onEdit: (c: Chat) => void
  onDelete: (c: Chat) => void
}

/** The conversations: title, last message, unread badge; the owner's rows carry edit and delete. */
export function ChatList({ data, selectedUuid, onOpen, onNew, onEdit, onDelete }: Props) {
  const { t } = useTranslation('chats')
  const { list, chats, userId } = data
  return (
    <aside className="zd-split-list zd-chats-list">
      <div className="zd-chats-list__head">
        <strong>{t('list.title')}</strong>
        {list.count !== undefined && <span className="zd-chats-list__count">{t('list.count', { count: list.count })}</span>}
        <Button intent="primary" icon="add" text={t('list.new')} onClick={onNew} data-testid="chat-new" />
      </div>
      <ul className="zd-chats-list__items" onScroll={list.onScroll} data-testid="chat-list">
        {chats.map((c) => {
          const unread = unreadOf(c, userId)
          const owner = c.ownerId === userId
          return (
            <li key={c.id} className={`zd-chats-row${c.uuid === selectedUuid ? ' is-selected' : ''}`} data-testid="chat-row" data-chat-uuid={c.uuid}>
              <button type="button" className="zd-chats-row__open" onClick={() => onOpen(c)}>
                <span className="zd-chats-row__line">
                  <span className="zd-chats-row__title">{c.title}</span>
                  {unread > 0 && <span className="zd-chats-row__badge" data-testid="chat-unread" aria-label={t('list.unread', { count: unread })}>{unread}</span>}
                </span>
                <span className="zd-chats-row__last">{c.lastMessage ?? otherMembers(c, userId).join(', ')}</span>
                {c.updatedAt && <time className="zd-chats-row__time">{formatDateTime(c.updatedAt)}</time>}
              </button>
              {owner && (
                <span className="zd-chats-row__actions">
                  <Button size="small" variant="minimal" icon="edit" aria-label={t('list.edit')} title={t('list.edit')} onClick={() => onEdit(c)} data-testid="chat-edit" />
                  <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('list.delete')} title={t('list.delete')} onClick={() => onDelete(c)} data-testid="chat-delete" />
                </span>
              )}
            </li>
          )
        })}
        {list.loading && <li className="zd-chats-list__state"><Spinner size={24} /></li>}
        {list.error && (
          <li className="zd-chats-list__state">
            <EmptyState icon="error" title={t('list.loadError')} action={<Button icon="refresh" text={t('retry')} onClick={list.reload} />} />
          </li>
        )}
        {!list.loading && !list.error && chats.length === 0 && (
          <li className="zd-chats-list__state"><EmptyState icon="chat" title={t('list.empty')} description={t('list.emptyHint')} /></li>
        )}
      </ul>
    </aside>
  )
}
