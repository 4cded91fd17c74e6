import { useCallback, useState } from 'react'
import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { User, UsersPage as UsersAnswer } from '../../api/types.ts'
import { useRealtime } from '../../realtime/hooks.ts'
import { useDebouncedValue } from '../../ui/use-debounce.ts'
import { usePagedList } from '../../ui/use-paged-list.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import { UserDialog } from './UserDialog.tsx'
import { UsersTable } from './UsersTable.tsx'

export default function UsersPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim().toLowerCase())
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const [busy, setBusy] = useState(false)

  const fetchPage = useCallback(async (page: number, searchParam: string, signal: AbortSignal) => {
    const answer = await api.get<UsersAnswer>('/users', { query: { searchParam, pageNumber: page }, signal })
    return { items: answer.users ?? [], hasMore: !!answer.hasMore, count: answer.count }
  }, [])
  const list = usePagedList<User>(fetchPage, term, (u) => u.id)

  useRealtime('user', (data) => {
    if (data.action === 'delete') list.remove({ id: data.userId ?? data.user?.id } as Partial<User>)
    else if (data.user) list.upsert(data.user)
  })

  async function confirmDelete() {
    if (!deleting) return
    setBusy(true)
    try {
      await api.del(`/users/${deleting.id}`)
      list.remove(deleting)
      toastSuccess(t('users.deleted'))
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
        title={t('users.title')}
        count={list.count != null ? t('users.count', { count: list.count }) : undefined}
        actions={
          <>
            <InputGroup type="search" leftIcon="search" placeholder={t('users.search')} value={search} onChange={(e) => setSearch(e.target.value)} className="zd-search" aria-label={t('users.search')} />
            <Button intent="primary" icon="add" text={t('users.add')} onClick={() => setEditing({})} data-testid="add-user" />
          </>
        }
      />
      <UsersTable list={list} term={term} onEdit={(u) => setEditing({ id: u.id })} onDelete={setDeleting} />
      <UserDialog open={editing !== null} userId={editing?.id} onClose={() => setEditing(null)} onSaved={(u) => u && list.upsert(u)} />
      <ConfirmDialog open={deleting !== null} title={t('users.deleteTitle', { name: deleting?.name ?? '' })} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('users.deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}
