import { useCallback, useState } from 'react'
import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, PageHeader, toastError, toastSuccess, useDebouncedValue, usePagedList, useRealtime } from '@zapdesk/plugin-api/web'
import type { Tag, TagsAnswer } from './types.ts'
import { TagsTable } from './TagsTable.tsx'
import { TagDialog } from './TagDialog.tsx'
import './tags.css'

/** Spec: search box, infinite scroll, name chip in the tag's colour, tickets count, actions; add/edit modal. */
export default function TagsPage() {
  const { t } = useTranslation('tags')
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim().toLowerCase())
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [deleting, setDeleting] = useState<Tag | null>(null)
  const [busy, setBusy] = useState(false)

  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<TagsAnswer>('/tags', { query: { searchParam, pageNumber: page }, signal })
    return { items: answer.tags ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const list = usePagedList<Tag>(fetchPage, term, (tag) => tag.id)

  useRealtime('tag', (data) => {
    if (data.action === 'delete') list.remove({ id: Number(data.tagId) })
    else if (data.tag) list.upsert(data.tag as Tag)
  })

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/tags/${deleting.id}`)
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
            <InputGroup type="search" leftIcon="search" placeholder={t('search')} aria-label={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} className="zd-search" data-testid="tags-search" />
            <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-tag" />
          </>
        }
      />
      <TagsTable list={list} term={term} onEdit={(tag) => setEditing({ id: tag.id })} onDelete={setDeleting} />
      <TagDialog open={editing !== null} tagId={editing?.id} onClose={() => setEditing(null)} onSaved={(tag) => list.upsert(tag)} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { name: deleting?.name ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}
