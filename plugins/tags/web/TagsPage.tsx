import { useState } from 'react'
import { Button, Tag as Chip } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, type Column } from '@zapdesk/plugin-api/web'
import { textOn, type Tag } from './types.ts'
import { TagDialog } from './TagDialog.tsx'
import './tags.css'

const fetchTags = listRoute<Tag>('/tags', 'tags')
const live = liveRecords<Tag>('tag', { record: 'tag', id: 'tagId' })

/** Spec: search box, infinite scroll, name chip in the tag's colour, tickets count, actions; add/edit modal. */
export default function TagsPage() {
  const { t } = useTranslation('tags')
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const crud = useCrudList<Tag>({
    fetchPage: fetchTags,
    key: (tag) => tag.id,
    live,
  })
  const deletion = useConfirmDelete<Tag>((tag) => api.del(`/tags/${tag.id}`), (tag) => crud.list.remove(tag), t('deleted'))
  const columns: Column<Tag>[] = [
    {
      key: 'name', header: t('columns.name'), cell: (tag) => (
        <>
          <Chip round style={{ background: tag.color, color: textOn(tag.color) }}>{tag.name}</Chip>
          {tag.kanban === 1 && <Chip minimal round icon="column-layout" className="zd-ml">{t('kanbanBadge')}</Chip>}
        </>
      ),
    },
    { key: 'tickets', header: t('columns.tickets'), cell: (tag) => tag.ticketsCount },
  ]

  return (
    <CrudListPage<Tag>
      title={t('title')} countText={(count) => t('count', { count })} crud={crud}
      search={{ placeholder: t('search'), testId: 'tags-search' }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-tag" />}
      columns={columns} rowKey={(tag) => tag.id} rowProps={(tag) => ({ 'data-tag-id': tag.id })}
      actions={{ onEdit: (tag) => setEditing({ id: tag.id }), onDelete: deletion.ask }}
      empty={{ icon: 'tag', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty') }}
      testId="tags-table"
      deletion={{ state: deletion, title: (tag) => t('deleteTitle', { name: tag.name }), text: <p className="zd-muted">{t('deleteText')}</p> }}
    >
      <TagDialog open={editing !== null} tagId={editing?.id} onClose={() => setEditing(null)} onSaved={(tag) => crud.list.upsert(tag)} />
    </CrudListPage>
  )
}
