import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, downloadCsv, listRoute, toastError, useConfirmDelete, useCrudList, useSession } from '@zapdesk/plugin-api/web'
import type { Contact, ContactEvent } from './types.ts'
import { ContactDialog } from './ContactDialog.tsx'
import { ImportDialog } from './ImportDialog.tsx'
import { useContactColumns } from './contact-columns.tsx'

/** Spec: the contact search starts from 3 characters; fewer show the whole list. */
const MIN_SEARCH = 3

const fetchContacts = listRoute<Contact>('/contacts', 'contacts')

export default function ContactsPage() {
  const { t } = useTranslation('contacts')
  const { can } = useSession()
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const crud = useCrudList<Contact>({
    fetchPage: fetchContacts,
    key: (c) => c.id,
    minSearch: MIN_SEARCH,
    live: {
      topic: 'contact',
      change: (raw) => {
        const data = raw as unknown as ContactEvent
        if (data.action === 'delete') return { remove: { id: data.contactId } }
        if (data.action === 'import') {
          crud.list.reload()
          return null
        }
        return data.contact ? { upsert: data.contact } : null
      },
    },
  })
  const deletion = useConfirmDelete<Contact>((c) => api.del(`/contacts/${c.id}`), (c) => crud.list.remove(c), t('deleted'))
  const { columns, rowActions } = useContactColumns()

  async function exportCsv() {
    setExporting(true)
    try {
      await downloadCsv('/contacts/export', { searchParam: crud.term || undefined }, 'contatos')
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(false)
    }
  }

  return (
    <CrudListPage<Contact>
      title={t('title')} countText={(count) => t('count', { count })} crud={crud}
      search={{ placeholder: t('search'), hint: t('searchHint'), testId: 'contacts-search' }}
      headerActions={
        <>
          <Button icon="import" text={t('import')} onClick={() => setImporting(true)} data-testid="contacts-import" />
          <Button icon="export" text={exporting ? t('exporting') : t('export')} loading={exporting} onClick={exportCsv} data-testid="contacts-export" />
          <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="contacts-add" />
        </>
      }
      columns={columns} rowKey={(c) => c.id} rowProps={(c) => ({ 'data-contact-id': c.id })}
      actions={{
        extra: rowActions, onEdit: (c) => setEditing({ id: c.id }), onDelete: can('contacts-page:deleteContact') ? deletion.ask : undefined,
        testIds: { edit: 'contact-edit', delete: 'contact-delete' },
      }}
      empty={{ icon: 'people', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty') }}
      testId="contacts-table"
      deletion={{ state: deletion, title: (c) => t('deleteTitle', { name: c.name }), text: <p className="zd-muted">{t('deleteText')}</p> }}
    >
      <ContactDialog open={editing !== null} contactId={editing?.id} onClose={() => setEditing(null)} onSaved={(c) => (editing?.id ? crud.list.upsert(c) : crud.list.reload())} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => crud.list.reload()} />
    </CrudListPage>
  )
}
