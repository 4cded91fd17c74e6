import { Button, Icon, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, useEditDialog, type Column } from '@zapdesk/plugin-api/web'
import type { Announcement } from './types.ts'
import { priorityIntent } from './priority.ts'
import { AnnouncementDialog } from './AnnouncementDialog.tsx'
import './announcements.css'

const fetchPage = listRoute<Announcement>('/announcements', 'records')
// The management topic carries every change, inactive announcements included.
const live = liveRecords<Announcement>('announcementManage', { record: 'record', id: 'id' })

/** The spec's Announcements page (super users): search, infinite scroll, title with count, live, edit and delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements')
  const crud = useCrudList<Announcement>({ fetchPage, key: (a) => a.id, live })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<Announcement>((a) => api.del(`/announcements/${a.id}`), (a) => crud.list.remove(a), t('deleted'))
  const priorityTag = (a: Announcement) => <Tag minimal intent={priorityIntent[a.priority]}>{t(`priority.${a.priority}`)}</Tag>
  const statusTag = (a: Announcement) => <Tag minimal intent={a.status ? 'success' : 'none'}>{a.status ? t('status.active') : t('status.inactive')}</Tag>
  // On a phone the priority and status go under the title, so the row's actions stay on screen.
  const columns: Column<Announcement>[] = [
    {
      key: 'title', header: t('columns.title'), cell: (a) => (
        <>
          <strong>{a.title}</strong>
          <div className="zd-muted zd-ellipsis zd-ann-preview">{a.text}</div>
          <div className="zd-ann-narrow-tags">{priorityTag(a)}{statusTag(a)}</div>
        </>
      ),
    },
    { key: 'priority', header: t('columns.priority'), className: 'zd-hide-narrow', cell: priorityTag },
    {
      key: 'media', header: t('columns.media'), className: 'zd-hide-narrow', cell: (a) => (a.mediaName
        ? <span className="zd-ellipsis zd-ann-media-name"><Icon icon="media" size={12} /> {a.mediaName}</span>
        : <span className="zd-muted">{t('noMedia')}</span>),
    },
    { key: 'status', header: t('columns.status'), className: 'zd-hide-narrow', cell: statusTag },
  ]
  return (
    <CrudListPage<Announcement>
      title={t('title')} countText={(count) => t('count', { count })} crud={crud}
      search={{ placeholder: t('search'), testId: 'announcements-search' }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="announcements-add" />}
      columns={columns} rowKey={(a) => a.id} rowProps={(a) => ({ 'data-announcement': a.title })}
      actions={{ onEdit: editor.edit, onDelete: deletion.ask, testIds: { edit: 'announcement-edit', delete: 'announcement-delete' } }}
      empty={{ icon: 'announcement', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }}
      testId="announcements-table"
      deletion={{ state: deletion, title: (a) => t('deleteTitle', { title: a.title }), text: t('deleteBody') }}
    >
      <AnnouncementDialog {...editor.dialog} />
    </CrudListPage>
  )
}
