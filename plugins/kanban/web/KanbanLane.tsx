import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lane } from './board.ts'

interface Props {
  lane: Lane
  count: number
  /** Whether a card is being dragged (from another lane or this one). */
  dragActive: boolean
  onDrop: (ticketId: number) => void
  children: ReactNode
}

/** One column: its tag's name and colour ("Em aberto" for tickets in no lane), a count, and a drop target. */
export function KanbanLane({ lane, count, dragActive, onDrop, children }: Props) {
  const { t } = useTranslation('kanban')
  const [over, setOver] = useState(false)
  const name = lane.tag?.name ?? t('openLane')
  return (
    <section
      className={`zd-kanban-lane${over ? ' zd-kanban-lane--over' : ''}${dragActive ? ' zd-kanban-lane--target' : ''}`}
      data-lane-id={lane.id}
      aria-label={name}
      onDragOver={(e) => {
        e.preventDefault()
        e.dataTransfer.dropEffect = 'move'
        if (!over) setOver(true)
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        const id = Number(e.dataTransfer.getData('text/plain'))
        if (id) onDrop(id)
      }}
    >
      <header className="zd-kanban-lane__head" style={{ borderTopColor: lane.tag?.color ?? 'var(--zd-muted)' }}>
        <span className="zd-kanban-lane__name">{name}</span>
        <span className="zd-kanban-lane__count" data-testid="lane-count">{count}</span>
      </header>
      <div className="zd-kanban-lane__cards">{children}</div>
    </section>
  )
}
