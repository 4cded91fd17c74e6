import { useCallback, useRef, useState } from 'react'
import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, PageHeader, toastError, toastSuccess, useDebouncedValue, usePagedList, useRealtime } from '@zapdesk/plugin-api/web'
import type { Contact, ContactEvent, ContactsAnswer } from './types.ts'
import { ContactsTable } from './ContactsTable.tsx'
import { ContactDialog } from './ContactDialog.tsx'
import { ImportDialog } from './ImportDialog.tsx'
import { downloadContactsCsv } from './download.ts'

/** Spec: the contact search starts from 3 characters; fewer show the whole list. */
const MIN_SEARCH = 3

export default function ContactsPage() {
  const { t } = useTranslation('contacts')
  const [search, setSearch] = useState('')
  const typed = search.trim().toLowerCase()
  const term = useDebouncedValue(typed.length >= MIN_SEARCH ? typed : '')
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const [busy, setBusy] = useState(false)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const reloadRef = useRef<() => void>(() => undefined)

  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<ContactsAnswer>('/contacts', { query: { searchParam, pageNumber: page }, signal })
    return { items: answer.contacts ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const list = usePagedList<Contact>(fetchPage, term, (c) => c.id)
  reloadRef.current = list.reload

  useRealtime('contact', (raw) => {
    const data = raw as unknown as ContactEvent
    if (data.action === 'delete') list.remove({ id: data.contactId })
    else if (data.action === 'import') reloadRef.current()
    else if (data.contact) list.upsert(data.contact)
  })

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/contacts/${deleting.id}`)
      list.remove(deleting)
      toastSuccess(t('deleted'))
      setDeleting(null)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  async function exportCsv() {
    setExporting(true)
    try {
      await downloadContactsCsv(term)
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="zd-page zd-page--fill">
      <PageHeader
        title={t('title')}
        count={list.count != null ? t('count', { count: list.count }) : undefined}
        actions={
          <>
            <InputGroup type="search" leftIcon="search" placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)}
              className="zd-search" aria-label={t('search')} title={t('searchHint')} data-testid="contacts-search" />
            <Button icon="import" text={t('import')} onClick={() => setImporting(true)} data-testid="contacts-import" />
            <Button icon="export" text={exporting ? t('exporting') : t('export')} loading={exporting} onClick={exportCsv} data-testid="contacts-export" />
            <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="contacts-add" />
          </>
        }
      />
      <ContactsTable list={list} term={term} onEdit={(c) => setEditing({ id: c.id })} onDelete={setDeleting} />
      <ContactDialog open={editing !== null} contactId={editing?.id} onClose={() => setEditing(null)} onSaved={(c) => (editing?.id ? list.upsert(c) : list.reload())} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => list.reload()} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { name: deleting?.name ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}
