import { useState } from 'react'
import { Button, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, useDebouncedValue, useSearchResults } from '@zapdesk/plugin-api/web'
import type { ContactOption } from './types.ts'

interface Props {
  id: string
  value: ContactOption | null
  onChange: (c: ContactOption | null) => void
  invalid?: boolean
}

/** Picks one of the company's contacts, searched by name or number through the contacts list the web already uses. */
export function ContactPicker({ id, value, onChange, invalid }: Props) {
  const { t } = useTranslation('schedules')
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const term = useDebouncedValue(text)
  const { found, loading } = useSearchResults(
    (searchParam, signal) => api.get<{ contacts: ContactOption[] }>('/contacts', { query: { searchParam, pageNumber: 1 }, signal }).then((a) => a.contacts ?? []),
    open ? term.trim() : null)

  if (value) {
    return (
      <InputGroup id={id} readOnly value={value.number ? `${value.name} (${value.number})` : value.name} leftIcon="person" data-testid="schedule-contact"
        rightElement={<Button variant="minimal" icon="cross" aria-label={t('dialog.contactSearch')} title={t('dialog.contactSearch')} onClick={() => { onChange(null); setOpen(true) }} />} />
    )
  }
  return (
    <div className="zd-contact-picker">
      <InputGroup id={id} type="search" leftIcon="search" placeholder={t('dialog.contactSearch')} value={text} intent={invalid ? 'danger' : 'none'}
        onChange={(e) => setText(e.target.value)} onFocus={() => setOpen(true)} data-testid="schedule-contact-search" autoComplete="off"
        rightElement={loading && found !== null ? <Spinner size={16} /> : undefined} />
      {open && (
        <Menu className="zd-contact-picker__menu" data-testid="schedule-contact-options">
          {found === null && <li className="zd-contact-picker__note"><Spinner size={16} /></li>}
          {found?.length === 0 && <MenuItem disabled text={t('dialog.contactNone')} />}
          {found?.map((c) => (
            <MenuItem key={c.id} text={c.name} label={c.number ?? undefined} icon="person" onClick={() => { onChange(c); setOpen(false); setText('') }} data-contact-option={c.id} />
          ))}
        </Menu>
      )}
    </div>
  )
}
