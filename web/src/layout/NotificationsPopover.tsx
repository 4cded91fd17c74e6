import { Button, Icon, PopoverNext } from '@blueprintjs/core'
import { useAtom } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { notificationsAtom, unreadNotificationsAtom } from './notifications.ts'
import { useRealtimeStatus } from '../realtime/hooks.ts'
import { formatDateTime } from '../lib/dates.ts'
import { hasRoute } from '../modules/registry.ts'

export function NotificationsPopover() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [items, setItems] = useAtom(notificationsAtom)
  const [unread, setUnread] = useAtom(unreadNotificationsAtom)
  const status = useRealtimeStatus()
  const live = status === 'open'
  const canOpen = hasRoute('/tickets')

  const content = (
    <div className="zd-notifications">
      <div className="zd-notifications__head">
        <strong>{t('topbar.notifications')}</strong>
        <span className={`zd-live${live ? ' is-live' : ''}`}>{live ? t('topbar.online') : t('topbar.offline')}</span>
      </div>
      {items.length === 0 ? (
        <div className="zd-notifications__empty">
          <Icon icon="notifications" size={28} />
          <span>{t('topbar.noNotifications')}</span>
        </div>
      ) : (
        <ul className="zd-notifications__list">
          {items.map((n) => (
            <li key={n.id}>
              <button type="button" className="zd-notification" disabled={!n.to || !canOpen} onClick={() => n.to && navigate(n.to)}>
                <span className="zd-notification__title">{n.title}</span>
                {n.body && <span className="zd-notification__body">{n.body}</span>}
                <span className="zd-notification__time">{formatDateTime(n.at)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <div className="zd-notifications__foot">
          <Button size="small" variant="minimal" text={t('topbar.clearNotifications')} onClick={() => setItems([])} />
        </div>
      )}
    </div>
  )

  return (
    <PopoverNext content={content} placement="bottom-end" onOpening={() => setUnread(0)}>
      <span className="zd-badge-wrap">
        <Button variant="minimal" icon="notifications" aria-label={t('topbar.notifications')} title={t('topbar.notifications')} data-testid="notifications" />
        {unread > 0 && <span className="zd-badge">{unread > 9 ? '9+' : unread}</span>}
      </span>
    </PopoverNext>
  )
}
