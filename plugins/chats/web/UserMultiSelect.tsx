import { useEffect, useMemo, useState } from 'react'
import { Checkbox, InputGroup, Spinner, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, toastError } from '@zapdesk/plugin-api/web'
import type { CompanyUser } from './types.ts'

interface Props {
  id: string
  selected: number[]
  onChange: (ids: number[]) => void
  /** Left out of the choices: the chat's owner, who is always a member. */
  excludeId: number | undefined
  invalid: boolean
}

/** The company's users to pick a chat's members from: the chosen ones as tags, a filter, a checklist. */
export function UserMultiSelect({ id, selected, onChange, excludeId, invalid }: Props) {
  const { t } = useTranslation('chats')
  const [users, setUsers] = useState<CompanyUser[] | null>(null)
  const [filter, setFilter] = useState('')
  useEffect(() => {
    let live = true
    api.get<CompanyUser[]>('/users/list').then((all) => live && setUsers(all.map((u) => ({ id: u.id, name: u.name })))).catch((e) => {
      if (live) setUsers([])
      toastError(e)
    })
    return () => {
      live = false
    }
  }, [])
  const choices = useMemo(() => (users ?? []).filter((u) => u.id !== excludeId).sort((a, b) => a.name.localeCompare(b.name)), [users, excludeId])
  const shown = choices.filter((u) => u.name.toLowerCase().includes(filter.trim().toLowerCase()))
  const toggle = (userId: number) => onChange(selected.includes(userId) ? selected.filter((s) => s !== userId) : [...selected, userId])
  const nameOf = (userId: number) => choices.find((u) => u.id === userId)?.name
  return (
    <div className={`zd-chats-users${invalid ? ' is-invalid' : ''}`} data-testid="chat-users">
      <div className="zd-chats-users__chosen">
        {selected.length === 0 && <span className="zd-chats-users__none">{t('dialog.noneChosen')}</span>}
        {selected.filter(nameOf).map((userId) => (
          <Tag key={userId} round onRemove={() => toggle(userId)}>{nameOf(userId)}</Tag>
        ))}
      </div>
      <InputGroup id={id} leftIcon="search" size="small" placeholder={t('dialog.filterUsers')} value={filter} onChange={(e) => setFilter(e.target.value)} />
      <ul className="zd-chats-users__list">
        {users === null && <li><Spinner size={20} /></li>}
        {users !== null && shown.length === 0 && <li className="zd-chats-users__none">{t('dialog.noUsers')}</li>}
        {shown.map((u) => (
          <li key={u.id}>
            <Checkbox checked={selected.includes(u.id)} onChange={() => toggle(u.id)} label={u.name} data-user-id={u.id} />
          </li>
        ))}
      </ul>
    </div>
  )
}
