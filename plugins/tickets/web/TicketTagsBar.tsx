import { useEffect, useState } from 'react'
import { Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, toastError } from '@zapdesk/plugin-api/web'
import { CheckListFilter } from './CheckListFilter.tsx'
import { useOptions } from './use-options.ts'
import type { Ticket, TicketTag } from './types.ts'

/**
 * The ticket's tags under its header, and a checklist of every tag of the company (kanban lanes and plain labels)
 * to change them. The change is saved at once (POST /tags/sync) and reaches everyone through the ticket's update.
 */
export function TicketTagsBar({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets')
  const [picking, setPicking] = useState(false)
  const options = useOptions('/tags/list', 'tags', picking)
  // What this screen asked for, shown until the ticket's tags change on the server (ours or someone else's change).
  // Keyed by content: an update for a new message carries the old tags and must not undo a tick just made.
  const [asked, setAsked] = useState<TicketTag[] | null>(null)
  const savedKey = (ticket.tags ?? []).map((g) => g.id).join(',')
  useEffect(() => setAsked(null), [ticket.id, savedKey])
  const shown = asked ?? ticket.tags ?? []

  async function change(ids: number[]) {
    const byId = new Map([...(options.items ?? []), ...shown].map((o) => [o.id, o]))
    const next = ids.map((id) => byId.get(id)).filter((o): o is TicketTag => !!o).map(({ id, name, color }) => ({ id, name, color: color ?? '' }))
    setAsked(next)
    try {
      await api.post('/tags/sync', { ticketId: ticket.id, tags: ids })
    } catch (e) {
      setAsked(null)
      toastError(e)
    }
  }

  return (
    <div className="zd-ticket-tags" data-testid="ticket-tags">
      <span onClickCapture={() => setPicking(true)}>
        <CheckListFilter icon="tag" label={t('header.tags')} options={options.items} selected={shown.map((g) => g.id)} onChange={(ids) => void change(ids)} testId="ticket-tags-picker" />
      </span>
      {shown.length === 0 && <span className="zd-muted">{t('header.noTags')}</span>}
      {shown.map((g) => (
        <Tag key={g.id} round style={{ background: g.color }} data-tag-id={g.id}>{g.name}</Tag>
      ))}
    </div>
  )
}
