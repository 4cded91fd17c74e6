import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Avatar } from '@zapdesk/plugin-api/web'
import type { KanbanCard as Card } from './board.ts'

interface Props {
  card: Card
  dragging: boolean
  onDragStart: (id: number) => void
  onDragEnd: () => void
}

/** Spec: contact name, number, last message and a button to the ticket; dragged to another lane to move it. */
export function KanbanCard({ card, dragging, onDragStart, onDragEnd }: Props) {
  const { t } = useTranslation('kanban')
  const navigate = useNavigate()
  return (
    <article
      className={`zd-kanban-card${dragging ? ' zd-kanban-card--dragging' : ''}`}
      draggable
      data-ticket-id={card.id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(card.id))
        e.dataTransfer.effectAllowed = 'move'
        onDragStart(card.id)
      }}
      onDragEnd={onDragEnd}
    >
      <header className="zd-kanban-card__head">
        <Avatar name={card.contact.name} size={28} />
        <div className="zd-kanban-card__who">
          <strong className="zd-kanban-card__name">{card.contact.name}</strong>
          {card.contact.number && <span className="zd-kanban-card__number">{card.contact.number}</span>}
        </div>
      </header>
      <p className="zd-kanban-card__message">{card.lastMessage || t('noMessage')}</p>
      <Button size="small" variant="outlined" icon="eye-open" text={t('view')} onClick={() => navigate(`/tickets/${card.uuid}`)} data-testid="kanban-view" />
    </article>
  )
}
