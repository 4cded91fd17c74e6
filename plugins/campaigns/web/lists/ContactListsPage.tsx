import { AnchorButton, Button } from '@blueprintjs/core'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, useEditDialog, type Column } from '@zapdesk/plugin-api/web'
import type { ContactList } from '../types.ts'
import { ContactListDialog } from './ContactListDialog.tsx'

const fetchPage = listRoute<ContactList>('/contact-lists', 'records')
const live = liveRecords<ContactList>('contact-list', { record: 'record', id: 'id' })

/** The spec's /contact-lists: name, contacts count; example spreadsheet, open the contacts, edit, delete. */
export default function ContactListsPage() {
  const { t, i18n } = useTranslation('campaigns')
  const navigate = useNavigate()
  const crud = useCrudList<ContactList>({ fetchPage, key: (l) => l.id, live })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<ContactList>((l) => api.del(`/contact-lists/${l.id}`), (l) => crud.list.remove(l), t('lists.deleted'))
  const lang = (i18n.resolvedLanguage ?? 'pt').slice(0, 2)
  const columns: Column<ContactList>[] = [
    { key: 'name', header: t('lists.columns.name'), cell: (l) => <strong>{l.name}</strong> },
    { key: 'contacts', header: t('lists.columns.contacts'), cell: (l) => t('lists.contacts', { count: l.contactsCount }) },
  ]
  return (
    <CrudListPage<ContactList>
      title={t('lists.title')} countText={(count) => t('lists.count', { count })} crud={crud}
      search={{ placeholder: t('common.search') }}
      headerActions={(
        <>
          <AnchorButton icon="download" variant="outlined" text={t('lists.example')} href={`/api/contact-lists/example.xlsx?lang=${lang}`} download className="zd-hide-narrow" data-testid="contact-lists-example" />
          <Button intent="primary" icon="add" text={t('common.add')} onClick={() => editor.edit('new')} data-testid="contact-lists-add" />
        </>
      )}
      columns={columns} rowKey={(l) => l.id} rowProps={(l) => ({ 'data-contact-list': l.name })}
      actions={{
        onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'contact-list-edit', delete: 'contact-list-delete' },
        extra: (l) => <Button variant="minimal" icon="people" aria-label={t('lists.open')} title={t('lists.open')} onClick={() => navigate(`/contact-lists/${l.id}/contacts`)} data-testid="contact-list-open" />,
      }}
      empty={{ icon: 'th-list', title: crud.term ? t('lists.emptySearch', { term: crud.term }) : t('lists.empty'), description: crud.term ? undefined : t('lists.emptyHint') }}
      testId="contact-lists-table"
      deletion={{ state: deletion, title: (l) => t('lists.deleteTitle', { name: l.name }), text: t('lists.deleteBody') }}
    >
      <ContactListDialog {...editor.dialog} />
    </CrudListPage>
  )
}
