import { useState } from 'react'
import { Button, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, useDebouncedValue, useSearchResults } from '@zapdesk/plugin-api/web'
import { TicketAvatar } from './TicketAvatar.tsx'
import type { TicketContact } from './types.ts'
import './pickers.css'

/** Spec: contact search starts from 3 characters. */
export const MIN_SEARCH = 3

interface Props {
  value: TicketContact | null
  onChange: (c: TicketContact | null) => void
  invalid?: boolean
}

/** Finds a contact by name or number (GET /contacts?searchParam) and keeps the chosen one. */
export function ContactPicker({ value, onChange, invalid }: Props) {
  const { t } = useTranslation('tickets')
  const [text, setText] = useState('')
  const term = useDebouncedValue(text.trim())
  const { found, loading } = useSearchResults(
    (searchParam, signal) => api.get<{ contacts: TicketContact[] }>('/contacts', { query: { searchParam, pageNumber: 1 }, signal }).then((a) => a.contacts ?? []),
    value || term.length < MIN_SEARCH ? null : term)

  if (value) {
    return (
      <div className="zd-contact-chosen" data-testid="new-ticket-contact-chosen">
        <TicketAvatar name={value.name} url={value.profilePicUrl} size={28} />
        <span className="zd-ellipsis">{value.name}{value.number ? ` · ${value.number}` : ''}</span>
        <Button variant="minimal" icon="cross" aria-label={t('newTicket.changeContact')} title={t('newTicket.changeContact')} onClick={() => onChange(null)} />
      </div>
    )
  }
  const short = text.trim().length > 0 && text.trim().length < MIN_SEARCH
  return (
    <div className="zd-contact-picker">
      <InputGroup id="new-ticket-contact" leftIcon="search" placeholder={t('newTicket.contactPlaceholder')} value={text} onChange={(e) => setText(e.target.value)}
        rightElement={loading ? <Spinner size={16} /> : undefined} intent={invalid ? 'danger' : 'none'} autoFocus data-testid="new-ticket-contact" />
      {short && <div className="zd-muted zd-contact-picker__hint">{t('newTicket.minChars', { count: MIN_SEARCH })}</div>}
      {found && (
        <Menu className="zd-contact-picker__results" data-testid="new-ticket-contact-results">
          {found.length === 0 && <MenuItem disabled text={t('newTicket.noContacts')} />}
          {found.map((c) => (
            <MenuItem key={c.id} icon={<TicketAvatar name={c.name} url={c.profilePicUrl} size={24} />} text={c.name} label={c.number ?? ''} onClick={() => onChange(c)} />
          ))}
        </Menu>
      )}
    </div>
  )
}
