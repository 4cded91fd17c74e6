import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Icon, PopoverNext, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { api, formatDateTime, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import { unreadOf } from './chat-rules.ts'
import type { Chat, Page } from './types.ts'
import './chats.css'

/** Live changes come in bursts (a message: a list update per member); one reload covers a burst. */
const RELOAD_DELAY_MS = 300

/**
 * The top bar's internal chat control (core.md: "internal chat popover"): a badge with how many chats have unread
 * messages, and a popover listing them; a click opens /chats/{uuid}. It reloads on every live change of the user's
 * chats, so reading a chat anywhere clears it here too.
 */
export default function TopBarChats() {
  const { t } = useTranslation('chats')
  const navigate = useNavigate()
  const { user } = useSession()
  const [unread, setUnread] = useState<Page<Chat> | null>(null)
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // Failures stay quiet (spec section 8: chat call failures are ignored); the popover says it could not load.
  const load = useCallback(() => {
    api.get<Page<Chat>>('/chats', { query: { unreadOnly: true, pageNumber: 1 } }).then((p) => {
      setUnread(p)
      setFailed(false)
    }, () => setFailed(true))
  }, [])
  useEffect(() => {
    load()
    return () => clearTimeout(timer.current)
  }, [load])
  useRealtime('chat', () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(load, RELOAD_DELAY_MS)
  })

  const count = unread?.count ?? 0
  const content = (
    <div className="zd-chats-pop" data-testid="chats-popover">
      <div className="zd-chats-pop__head"><strong>{t('topbar.title')}</strong></div>
      {unread === null && !failed && <div className="zd-chats-pop__empty"><Spinner size={20} /></div>}
      {failed && <div className="zd-chats-pop__empty">{t('topbar.loadError')}</div>}
      {unread && !failed && unread.records.length === 0 && (
        <div className="zd-chats-pop__empty"><Icon icon="chat" size={28} /><span>{t('topbar.empty')}</span></div>
      )}
      {unread && !failed && unread.records.length > 0 && (
        <ul className="zd-chats-pop__list">
          {unread.records.map((c) => (
            <li key={c.id}>
              <button type="button" className="zd-chats-pop__item" onClick={() => navigate(`/chats/${c.uuid}`)} data-testid="chats-popover-item">
                <span className="zd-chats-row__line">
                  <span className="zd-chats-row__title">{c.title}</span>
                  <span className="zd-chats-row__badge">{unreadOf(c, user?.id)}</span>
                </span>
                {c.lastMessage && <span className="zd-chats-row__last">{c.lastMessage}</span>}
                {c.updatedAt && <time className="zd-chats-row__time">{formatDateTime(c.updatedAt)}</time>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="zd-chats-pop__foot">
        <Button size="small" variant="minimal" icon="chat" text={t('topbar.all')} onClick={() => navigate('/chats')} />
      </div>
    </div>
  )
  return (
    <PopoverNext content={content} placement="bottom-end" onOpening={load}>
      <span className="zd-badge-wrap">
        <Button variant="minimal" icon="comment" aria-label={t('topbar.button', { count })} title={t('topbar.title')} data-testid="chats-topbar" />
        {count > 0 && <span className="zd-badge" data-testid="chats-topbar-badge">{count > 9 ? '9+' : count}</span>}
      </span>
    </PopoverNext>
  )
}
