import { useMemo, useState } from 'react'
import { Button, InputGroup, Menu, MenuItem } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { matchUsers } from './ticket-forms.ts'
import type { Option } from './types.ts'
import './pickers.css'

interface Props {
  users: Option[] | null
  value: Option | null
  onChange: (u: Option | null) => void
}

/** Spec: the transfer modal's user search starts from 3 characters (the list comes once, GET /users/list). */
export function UserPicker({ users, value, onChange }: Props) {
  const { t } = useTranslation('tickets')
  const [text, setText] = useState('')
  const found = useMemo(() => matchUsers(users ?? [], text), [users, text])
  if (value) {
    return (
      <div className="zd-contact-chosen" data-testid="transfer-user-chosen">
        <span className="zd-ellipsis">{value.name}</span>
        <Button variant="minimal" icon="cross" aria-label={t('transfer.clearUser')} title={t('transfer.clearUser')} onClick={() => onChange(null)} />
      </div>
    )
  }
  const typed = text.trim().length
  return (
    <div className="zd-contact-picker">
      <InputGroup id="transfer-user" leftIcon="person" placeholder={t('transfer.userPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} data-testid="transfer-user" />
      {typed > 0 && typed < 3 && <div className="zd-muted zd-contact-picker__hint">{t('newTicket.minChars', { count: 3 })}</div>}
      {typed >= 3 && (
        <Menu className="zd-contact-picker__results" data-testid="transfer-user-results">
          {users === null && <MenuItem disabled text={t('core:common.loading')} />}
          {users && found.length === 0 && <MenuItem disabled text={t('transfer.noUsers')} />}
          {found.map((u) => <MenuItem key={u.id} icon="person" text={u.name} onClick={() => onChange(u)} />)}
        </Menu>
      )}
    </div>
  )
}
