import { useEffect, useMemo, useState } from 'react'
import { Button, Icon, Tooltip } from '@blueprintjs/core'
import { useNavigate, useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api, can, CrudListPage, listRoute, toastError, useConfirmDelete, useCrudList, useEditDialog, useRealtime, useSession, type Column } from '@zapdesk/plugin-api/web'
import type { ContactList, ContactListItem, ItemEvent } from '../types.ts'
import { ItemDialog } from './ItemDialog.tsx'
import { ListImportDialog } from './ListImportDialog.tsx'
import '../campaigns.css'

function ValidIcon({ item }: { item: ContactListItem }) {
  const { t } = useTranslation('campaigns')
  const [icon, intent, label] = item.isWhatsappValid === true ? ['tick-circle', 'success', t('items.valid')] as const
    : item.isWhatsappValid === false ? ['error', 'danger', t('items.invalid')] as const : ['time', 'none', t('items.unchecked')] as const
  return <Tooltip content={label}><Icon icon={icon} intent={intent} aria-label={label} data-valid={String(item.isWhatsappValid)} /></Tooltip>
}

/** The spec's /contact-lists/:id/contacts: back, import (.xls/.xlsx), add; WhatsApp-valid icon, name, number, email. */
export default function ContactListItemsPage() {
  const { t } = useTranslation('campaigns')
  const navigate = useNavigate()
  const { user } = useSession()
  const contactListId = Number(useParams().contactListId)
  const [list, setList] = useState<ContactList | null>(null)
  const [importing, setImporting] = useState(false)
  useEffect(() => {
    api.get<ContactList>(`/contact-lists/${contactListId}`).then(setList, (e) => { toastError(e); navigate('/contact-lists') })
  }, [contactListId, navigate])
  const fetchPage = useMemo(() => listRoute<ContactListItem>('/contact-list-items', 'contacts', { contactListId }), [contactListId])
  const crud = useCrudList<ContactListItem>({
    fetchPage, key: (i) => i.id,
    live: {
      topic: 'contact-list-item',
      change: (raw) => {
        const d = raw as unknown as ItemEvent
        if (d.contactListId !== contactListId || d.action === 'reload') return null
        return d.action === 'delete' ? { remove: { id: d.id } } : { upsert: d.record }
      },
    },
  })
  const { reload } = crud.list
  useRealtime('contact-list-item', (raw) => {
    const d = raw as unknown as ItemEvent
    if (d.contactListId === contactListId && d.action === 'reload') reload()
  })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<ContactListItem>((i) => api.del(`/contact-list-items/${i.id}`), (i) => crud.list.remove(i), t('items.deleted'))
  const columns: Column<ContactListItem>[] = [
    { key: 'valid', header: t('items.columns.valid'), cell: (i) => <ValidIcon item={i} /> },
    { key: 'name', header: t('items.columns.name'), cell: (i) => <strong>{i.name}</strong> },
    { key: 'number', header: t('items.columns.number'), cell: (i) => i.number },
    { key: 'email', header: t('items.columns.email'), className: 'zd-hide-narrow', cell: (i) => i.email },
  ]
  return (
    <CrudListPage<ContactListItem>
      title={t('items.title', { name: list?.name ?? '…' })} countText={(count) => t('items.count', { count })} crud={crud}
      search={{ placeholder: t('common.search') }}
      headerActions={(
        <>
          <Button icon="arrow-left" variant="outlined" text={t('common.back')} onClick={() => navigate('/contact-lists')} data-testid="contact-list-back" />
          <Button icon="import" variant="outlined" text={t('items.import')} onClick={() => setImporting(true)} data-testid="contact-list-import" />
          <Button intent="primary" icon="add" text={t('common.add')} onClick={() => editor.edit('new')} data-testid="contact-list-item-add" />
        </>
      )}
      columns={columns} rowKey={(i) => i.id} rowProps={(i) => ({ 'data-item': i.name })}
      actions={{ onEdit: editor.edit, onDelete: can(user, 'contacts-page:deleteContact') ? deletion.ask : undefined, testIds: { edit: 'contact-list-item-edit', delete: 'contact-list-item-delete' } }}
      empty={{ icon: 'people', title: crud.term ? t('items.emptySearch', { term: crud.term }) : t('items.empty'), description: crud.term ? undefined : t('items.emptyHint') }}
      testId="contact-list-items-table"
      deletion={{ state: deletion, title: (i) => t('items.deleteTitle', { name: i.name }) }}
    >
      <ItemDialog contactListId={contactListId} {...editor.dialog} />
      <ListImportDialog open={importing} contactListId={contactListId} onClose={() => setImporting(false)} onImported={crud.list.reload} />
    </CrudListPage>
  )
}
