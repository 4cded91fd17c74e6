import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { User } from '../../api/types.ts'
import { useSession } from '../../session/use-session.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { Avatar } from '../../ui/Avatar.tsx'
import { useFillContainer, type PagedList } from '../../ui/use-paged-list.ts'
import { useRef } from 'react'

interface Props {
  list: PagedList<User>
  term: string
  onEdit: (user: User) => void
  onDelete: (user: User) => void
}

export function UsersTable({ list, term, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const { user: me } = useSession()
  const ref = useRef<HTMLDivElement>(null)
  useFillContainer(ref, list as PagedList<unknown>)

  if (!list.loading && list.items.length === 0) {
    return list.error ? (
      <EmptyState icon="error" title={t('common.loadError')} action={<Button icon="refresh" text={t('common.retry')} onClick={list.reload} />} />
    ) : (
      <EmptyState icon="people" title={term ? t('users.emptySearch', { term }) : t('users.empty')} />
    )
  }

  return (
    <div className="zd-table-card" ref={ref} onScroll={list.onScroll} data-testid="users-table">
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            <th className="zd-col-id">{t('users.id')}</th>
            <th>{t('users.name')}</th>
            <th className="zd-hide-narrow">{t('users.email')}</th>
            <th>{t('users.profile')}</th>
            <th className="zd-col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((u) => (
            <tr key={u.id}>
              <td className="zd-col-id">{u.id}</td>
              <td>
                <span className="zd-person">
                  <Avatar name={u.name} size={28} />
                  <span>
                    {u.name}
                    {u.id === me?.id && <Tag minimal round className="zd-ml">{t('users.you')}</Tag>}
                    {u.super && <Tag minimal round intent="warning" className="zd-ml">{t('users.super')}</Tag>}
                  </span>
                </span>
              </td>
              <td className="zd-hide-narrow">{u.email}</td>
              <td>
                <Tag minimal intent={u.profile === 'admin' ? 'primary' : 'none'}>{t(`users.profiles.${u.profile}`)}</Tag>
              </td>
              <td className="zd-col-actions">
                <Button variant="minimal" icon="edit" aria-label={t('common.edit')} title={t('common.edit')} onClick={() => onEdit(u)} />
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => onDelete(u)} disabled={u.id === me?.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {list.loading && (
        <div className="zd-table-loading">
          <Spinner size={24} />
        </div>
      )}
    </div>
  )
}
