import { useCallback, useEffect, useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, PageHeader, toastError, toastSuccess, useRealtime } from '@zapdesk/plugin-api/web'
import type { Queue } from './types.ts'
import { QueuesTable } from './QueuesTable.tsx'
import { QueueDialog } from './QueueDialog.tsx'
import './queues.css'

const byMenuOrder = (a: Queue, b: Queue) =>
  (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id

/** The company's queues (no paging: a company has a handful), kept live by the `queue` topic. */
export default function QueuesPage() {
  const { t } = useTranslation('queues')
  const [queues, setQueues] = useState<Queue[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [deleting, setDeleting] = useState<Queue | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    api.get<Queue[]>('/queue').then(
      (list) => setQueues([...list].sort(byMenuOrder)),
      (e) => {
        toastError(e)
        setFailed(true)
        setQueues([])
      },
    )
  }, [])
  useEffect(load, [load])

  const upsert = (q: Queue) => setQueues((list) => [...(list ?? []).filter((x) => x.id !== q.id), q].sort(byMenuOrder))
  const remove = (id: number) => setQueues((list) => (list ?? []).filter((x) => x.id !== id))
  useRealtime('queue', (data) => {
    if (data.action === 'delete') remove(Number(data.queueId))
    else if (data.queue) upsert(data.queue as Queue)
  })

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/queue/${deleting.id}`)
      remove(deleting.id)
      toastSuccess(t('deleted'))
      setDeleting(null)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="zd-page zd-page--fill">
      <PageHeader
        title={t('title')}
        count={queues ? t('count', { count: queues.length }) : undefined}
        actions={<Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-queue" />}
      />
      <QueuesTable queues={queues} failed={failed} onRetry={load} onEdit={(q) => setEditing({ id: q.id })} onDelete={setDeleting} />
      <QueueDialog
        open={editing !== null}
        queueId={editing?.id}
        takenColors={(queues ?? []).filter((q) => q.id !== editing?.id).map((q) => q.color)}
        onClose={() => setEditing(null)}
        onSaved={upsert}
      />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { name: deleting?.name ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}
