import { Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '@zapdesk/plugin-api/web'
import type { Announcement } from './types.ts'
import { priorityIntent } from './priority.ts'

/** One announcement in the popover: its priority's colour down the side, title, text and image. */
export function AnnouncementCard({ announcement: a, isNew }: { announcement: Announcement; isNew: boolean }) {
  const { t } = useTranslation('announcements')
  const name = t(`priority.${a.priority}`)
  return (
    <article className={`zd-ann-card zd-ann-card--p${a.priority}`} data-announcement-card={a.title} aria-label={a.title}>
      <header className="zd-ann-card__head">
        <strong className="zd-ann-card__title">{a.title}</strong>
        <Tag minimal round intent={priorityIntent[a.priority]} title={t('popover.priority', { name })}>{name}</Tag>
        {isNew && <span className="zd-ann-card__dot" aria-hidden="true" />}
      </header>
      <p className="zd-ann-card__text">{a.text}</p>
      {a.mediaUrl && <img className="zd-ann-card__image" src={a.mediaUrl} alt={t('popover.imageAlt', { title: a.title })} loading="lazy"
        onError={(e) => { e.currentTarget.hidden = true }} />}
      {a.createdAt && <time className="zd-ann-card__time" dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>}
    </article>
  )
}
