import { useState } from 'react'
import { Button, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { User } from '../../api/types.ts'
import { useSession } from '../../session/use-session.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { CrudListPage } from '../../ui/crud/CrudListPage.tsx'
import type { Column } from '../../ui/crud/DataTable.tsx'
import { useCrudList } from '../../ui/crud/use-crud-list.ts'
import { listRoute } from '../../ui/crud/list-sources.ts'
import { useConfirmDelete } from '../../ui/crud/use-confirm-delete.ts'
import { UserDialog } from './UserDialog.tsx'
import { EndSessionsButton } from './EndSessionsButton.tsx'

const fetchUsers = listRoute<User>('/users', 'users')

export default function UsersPage() {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const crud = useCrudList<User>({
    fetchPage: fetchUsers,
    key: (u) => u.id,
    live: {
      topic: 'user',
      change: (data) => {
        const user = data.user as User | undefined
        return data.action === 'delete' ? { remove: { id: (data.userId as number | undefined) ?? user?.id } } : user ? { upsert: user } : null
      },
    },
  })
  const deletion = useConfirmDelete<User>((u) => api.del(`/users/${u.id}`), (u) => crud.list.remove(u), t('users.deleted'))
  const columns: Column<User>[] = [
    { key: 'id', header: t('users.id'), className: 'zd-col-id', cell: (u) => u.id },
    {
      key: 'name', header: t('users.name'), cell: (u) => (
        <span className="zd-person">
          <Avatar name={u.name} size={28} />
          <span>
            {u.name}
            {u.id === me?.id && <Tag minimal round className="zd-ml">{t('users.you')}</Tag>}
            {u.super && <Tag minimal round intent="warning" className="zd-ml">{t('users.super')}</Tag>}
          </span>
        </span>
      ),
    },
    { key: 'email', header: t('users.email'), className: 'zd-hide-narrow', cell: (u) => u.email },
    { key: 'profile', header: t('users.profile'), cell: (u) => <Tag minimal intent={u.profile === 'admin' ? 'primary' : 'none'}>{t(`users.profiles.${u.profile}`)}</Tag> },
  ]

  return (
    <CrudListPage<User>
      title={t('users.title')} countText={(count) => t('users.count', { count })} crud={crud}
      search={{ placeholder: t('users.search') }}
      headerActions={<Button intent="primary" icon="add" text={t('users.add')} onClick={() => setEditing({})} data-testid="add-user" />}
      columns={columns} rowKey={(u) => u.id}
      actions={{
        onEdit: (u) => setEditing({ id: u.id }), onDelete: deletion.ask, deletable: (u) => u.id !== me?.id,
        // Only super users manage super users (the server refuses the rest).
        extra: (u) => (!u.super || me?.super) && <EndSessionsButton user={u} self={u.id === me?.id} />,
      }}
      empty={{ icon: 'people', title: crud.term ? t('users.emptySearch', { term: crud.term }) : t('users.empty') }}
      testId="users-table"
      deletion={{ state: deletion, title: (u) => t('users.deleteTitle', { name: u.name }), text: <p className="zd-muted">{t('users.deleteText')}</p> }}
    >
      <UserDialog open={editing !== null} userId={editing?.id} onClose={() => setEditing(null)} onSaved={(u) => u && crud.list.upsert(u)} />
    </CrudListPage>
  )
}
