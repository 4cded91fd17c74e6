import { useMemo } from 'react'
import { Button, Icon, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, CrudListPage, listRoute, liveRecords, useConfirmDelete, useCrudList, useEditDialog, useSession, type Column } from '@zapdesk/plugin-api/web'
import { canEdit, type QuickMessage } from './types.ts'
import { QuickMessageDialog } from './QuickMessageDialog.tsx'

// The server sends personal messages to their owner only, so every event here is one this user may see.
const live = liveRecords<QuickMessage>('quickmessage', { record: 'record', id: 'id' })

export default function QuickMessagesPage() {
  const { t } = useTranslation('quick-messages')
  const { user } = useSession()

  const fetchPage = useMemo(() => listRoute<QuickMessage>('/quick-messages', 'records', { userId: user?.id }), [user?.id])
  const crud = useCrudList<QuickMessage>({ fetchPage, key: (q) => q.id, live })
  const editor = useEditDialog(crud.list)
  const deletion = useConfirmDelete<QuickMessage>((q) => api.del(`/quick-messages/${q.id}`), (q) => crud.list.remove(q), t('deleted'))
  const columns: Column<QuickMessage>[] = [
    {
      key: 'shortcode', header: t('columns.shortcode'), cell: (q) => (
        <>
          <strong>/{q.shortcode}</strong>
          {!q.status && <Tag minimal round className="zd-ml">{t('inactive')}</Tag>}
          {q.message && <div className="zd-muted zd-ellipsis" style={{ maxWidth: 420 }}>{q.message}</div>}
        </>
      ),
    },
    { key: 'attachment', header: t('columns.attachment'), cell: (q) => (q.mediaName ? <span><Icon icon="paperclip" size={12} /> {q.mediaName}</span> : <span className="zd-muted">{t('noAttachment')}</span>) },
    { key: 'scope', header: t('columns.scope'), className: 'zd-hide-narrow', cell: (q) => <Tag minimal intent={q.geral ? 'primary' : 'none'}>{q.geral ? t('scope.geral') : t('scope.personal')}</Tag> },
  ]

  return (
    <CrudListPage<QuickMessage>
      title={t('title')} countText={(count) => t('count', { count })} crud={crud}
      search={{ placeholder: t('search') }}
      headerActions={<Button intent="primary" icon="add" text={t('add')} onClick={() => editor.edit('new')} data-testid="quick-messages-add" />}
      columns={columns} rowKey={(q) => q.id} rowProps={(q) => ({ 'data-shortcode': q.shortcode })}
      actions={{ onEdit: editor.edit, onDelete: deletion.ask, editable: (q) => canEdit(q, user) }}
      empty={{ icon: 'flash', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty') }}
      testId="quick-messages-table"
      deletion={{ state: deletion, title: (q) => t('deleteTitle', { shortcode: q.shortcode }) }}
    >
      <QuickMessageDialog {...editor.dialog} />
    </CrudListPage>
  )
}
