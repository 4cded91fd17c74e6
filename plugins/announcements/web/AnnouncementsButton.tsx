import { useEffect, useMemo, useState } from 'react'
import { Button, Icon, PopoverNext, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useSession } from '@zapdesk/plugin-api/web'
import { useActiveAnnouncements } from './use-active-announcements.ts'
import { countUnseen, markSeen, readSeen } from './seen.ts'
import { AnnouncementCard } from './AnnouncementCard.tsx'
import './announcements.css'

/** The spec's announcements popover in the top bar, for every user: the active ones, a badge for the unseen ones. */
export default function AnnouncementsButton() {
  const { t } = useTranslation('announcements')
  const userId = useSession().user?.id ?? 0
  const { list, items } = useActiveAnnouncements()
  const [seen, setSeen] = useState(() => readSeen(localStorage, userId))
  // Seen when the popover opened: the new ones stay marked while it is open.
  const [seenBefore, setSeenBefore] = useState(seen)
  useEffect(() => {
    const stored = readSeen(localStorage, userId)
    setSeen(stored)
    setSeenBefore(stored)
  }, [userId])
  const ids = useMemo(() => items.map((a) => a.id), [items])
  const unseen = countUnseen(ids, seen)

  const open = () => {
    setSeenBefore(seen)
    setSeen(markSeen(localStorage, userId, ids))
  }
  // Live arrivals while it is open are seen too.
  const close = () => setSeen(markSeen(localStorage, userId, ids))

  const content = (
    <div className="zd-notifications zd-ann-popover" data-testid="announcements-popover">
      <div className="zd-notifications__head">
        <strong>{t('popover.title')}</strong>
        {items.length > 0 && <span className="zd-muted">{t('popover.new', { count: countUnseen(ids, seenBefore) })}</span>}
      </div>
      {list.error && !items.length ? (
        <div className="zd-notifications__empty" role="alert">
          <Icon icon="error" size={28} />
          <span>{t('popover.error')}</span>
          <Button size="small" icon="refresh" text={t('popover.retry')} onClick={list.reload} />
        </div>
      ) : !items.length && list.loading ? (
        <div className="zd-notifications__empty"><Spinner size={24} aria-label={t('popover.loading')} /></div>
      ) : !items.length ? (
        <div className="zd-notifications__empty">
          <Icon icon="announcement" size={28} />
          <span>{t('popover.empty')}</span>
        </div>
      ) : (
        <div className="zd-ann-popover__list" onScroll={list.onScroll}>
          {items.map((a) => <AnnouncementCard key={a.id} announcement={a} isNew={!seenBefore.has(a.id)} />)}
          {list.loading && <div className="zd-ann-popover__more"><Spinner size={16} aria-label={t('popover.loading')} /></div>}
        </div>
      )}
    </div>
  )

  return (
    <PopoverNext content={content} placement="bottom-end" onOpening={open} onClosing={close}>
      <span className="zd-badge-wrap">
        <Button variant="minimal" icon="announcement" aria-label={t('popover.button')} title={t('popover.button')} data-testid="announcements-button" />
        {unseen > 0 && <span className="zd-badge" data-testid="announcements-badge">{unseen > 9 ? '9+' : unseen}</span>}
      </span>
    </PopoverNext>
  )
}
