import { useCallback, useEffect, useState } from 'react'
import { Button, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, toast, toastError } from '@zapdesk/plugin-api/web'
import type { QueueOptionNode } from './types.ts'
import { OptionItem, type OptionActions } from './OptionItem.tsx'
import { OptionDraft } from './OptionDraft.tsx'

/**
 * The chatbot tree of a saved queue. Every change is saved at once and the tree is read back, because the server
 * renumbers a level when an option is inserted, moved or deleted.
 */
export function OptionsEditor({ queueId }: { queueId: number }) {
  const { t } = useTranslation('queues')
  const [tree, setTree] = useState<QueueOptionNode[] | null>(null)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<QueueOptionNode | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => api.get<QueueOptionNode[]>('/queue-options', { query: { queueId, parentId: -1 } }).then(setTree, (e) => {
    toastError(e)
    setTree([])
  }), [queueId])
  useEffect(() => void load(), [load])

  /** Runs a write, then re-reads the tree; failures are toasted and rethrown so an open draft stays open. */
  const change = async (write: () => Promise<unknown>, done?: string) => {
    try {
      await write()
      // One toast for a run of edits rather than a stack of identical ones.
      if (done) toast(done, 'success', undefined, 'queue-option')
    } catch (e) {
      toastError(e)
      throw e
    } finally {
      await load()
    }
  }
  const actions: OptionActions = {
    create: (parentId, v) => change(() => api.post('/queue-options', { queueId, parentId: parentId ?? -1, title: v.title, message: v.message }), t('options.saved')),
    update: (id, patch) => change(() => api.put(`/queue-options/${id}`, patch), patch.option === undefined ? t('options.saved') : undefined).catch(() => undefined),
    remove: setDeleting,
  }

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    await change(() => api.del(`/queue-options/${deleting.id}`), t('options.deleted')).catch(() => undefined)
    setBusy(false)
    setDeleting(null)
  }

  if (!tree) return <Spinner size={24} />
  return (
    <div className="zd-options" data-testid="queue-options">
      <p className="zd-muted">{t('options.hint')}</p>
      {tree.length === 0 && !adding && <p className="zd-muted">{t('options.empty')}</p>}
      <ul className="zd-option-list zd-option-list--top">
        {tree.map((node) => (
          <OptionItem key={node.id} node={node} path={String(node.option)} siblings={tree.length} actions={actions} />
        ))}
        {adding && (
          <li className="zd-option">
            <OptionDraft onCancel={() => setAdding(false)} onSave={async (v) => { await actions.create(null, v); setAdding(false) }} />
          </li>
        )}
      </ul>
      {!adding && <Button icon="add" text={t('options.add')} onClick={() => setAdding(true)} data-testid="add-option" />}
      <ConfirmDialog open={deleting !== null} title={t('options.deleteTitle', { title: deleting?.title ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('options.deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}
