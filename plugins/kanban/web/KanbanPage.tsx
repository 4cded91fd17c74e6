import { useMemo, useState } from 'react'
import { Button, NonIdealState } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { EmptyState, PageHeader, PageSpinner } from '@zapdesk/plugin-api/web'
import { groupByLane } from './board.ts'
import { useBoard } from './use-board.ts'
import { KanbanLane } from './KanbanLane.tsx'
import { KanbanCard } from './KanbanCard.tsx'
import './kanban.css'

/** Spec: one lane for tickets without a kanban tag plus one per kanban tag; cards move by drag and drop. */
export default function KanbanPage() {
  const { t } = useTranslation('kanban')
  const board = useBoard()
  const [dragging, setDragging] = useState<number | null>(null)
  const byLane = useMemo(() => groupByLane(board.cards, board.lanes), [board.cards, board.lanes])
  // Cleared here as well as on dragend: the dropped card remounts in its new lane, so its old node's dragend is lost.
  const drop = (id: number, laneId: number) => {
    setDragging(null)
    void board.move(id, laneId)
  }

  let body
  if (board.status === 'loading') body = <PageSpinner />
  else if (board.status === 'error') {
    body = <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={() => void board.reload()} />} />
  } else {
    body = (
      <>
        {board.cards.length === 0 && <p className="zd-muted zd-kanban-hint" data-testid="kanban-empty">{t('empty')}</p>}
        {board.lanes.length === 1 && <p className="zd-muted zd-kanban-hint">{t('noLanes')}</p>}
        <div className="zd-kanban" data-testid="kanban-board">
          {board.lanes.map((lane) => {
            const cards = byLane.get(lane.id) ?? []
            return (
              <KanbanLane key={lane.id} lane={lane} count={cards.length} dragActive={dragging !== null} onDrop={(id) => drop(id, lane.id)}>
                {cards.length === 0 && <NonIdealState className="zd-kanban-lane__empty" description={t('emptyLane')} />}
                {cards.map((card) => (
                  <KanbanCard key={card.id} card={card} dragging={dragging === card.id} onDragStart={setDragging} onDragEnd={() => setDragging(null)} />
                ))}
              </KanbanLane>
            )
          })}
        </div>
        {board.hasMore && (
          <div className="zd-kanban-more">
            <Button icon="more" text={t('loadMore')} loading={board.loadingMore} onClick={() => void board.loadMore()} data-testid="kanban-more" />
          </div>
        )}
      </>
    )
  }

  return (
    <div className="zd-page zd-page--fill zd-kanban-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} count={board.status === 'ready' ? t('count', { count: board.cards.length }) : undefined} />
      {body}
    </div>
  )
}
