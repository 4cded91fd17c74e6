import { useCallback, useState } from 'react'
import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, PageHeader, toastError, toastSuccess, useDebouncedValue, usePagedList, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import type { QuickMessage, QuickMessageEvent, QuickMessagesAnswer } from './types.ts'
import { QuickMessagesTable } from './QuickMessagesTable.tsx'
import { QuickMessageDialog } from './QuickMessageDialog.tsx'

export default function QuickMessagesPage() {
  const { t } = useTranslation('quick-messages')
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim().toLowerCase())
  const [editing, setEditing] = useState<QuickMessage | 'new' | null>(null)
  const [deleting, setDeleting] = useState<QuickMessage | null>(null)
  const [busy, setBusy] = useState(false)

  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<QuickMessagesAnswer>('/quick-messages', { query: { searchParam, pageNumber: page, userId: user?.id }, signal })
    return { items: answer.records ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [user?.id])
  const list = usePagedList<QuickMessage>(fetchPage, term, (q) => q.id)

  // The server sends personal messages to their owner only, so every event here is one this user may see.
  useRealtime('quickmessage', (raw) => {
    const data = raw as unknown as QuickMessageEvent
    if (data.action === 'delete') list.remove({ id: data.id })
    else if (data.record) list.upsert(data.record)
  })

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/quick-messages/${deleting.id}`)
      list.remove(deleting)
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
        count={list.count != null ? t('count', { count: list.count }) : undefined}
        actions={
          <>
            <InputGroup type="search" leftIcon="search" placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} className="zd-search" aria-label={t('search')} />
            <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing('new')} data-testid="quick-messages-add" />
          </>
        }
      />
      <QuickMessagesTable list={list} term={term} onEdit={setEditing} onDelete={setDeleting} />
      <QuickMessageDialog open={editing !== null} current={editing === 'new' ? undefined : editing ?? undefined} onClose={() => setEditing(null)} onSaved={(q) => (editing === 'new' ? list.reload() : list.upsert(q))} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { shortcode: deleting?.shortcode ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </div>
  )
}
