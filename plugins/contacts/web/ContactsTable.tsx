import { useRef, useState } from 'react'
import { Button, HTMLTable, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { api, EmptyState, hasRoute, toastError, useFillContainer, useSession, type PagedList } from '@zapdesk/plugin-api/web'
import type { Contact } from './types.ts'
import { ContactAvatar } from './ContactAvatar.tsx'
import { maskContactNumber } from './contact-form.ts'

interface Props {
  list: PagedList<Contact>
  term: string
  onEdit: (contact: Contact) => void
  onDelete: (contact: Contact) => void
}

export function ContactsTable({ list, term, onEdit, onDelete }: Props) {
  const { t } = useTranslation('contacts')
  const { user, can } = useSession()
  const navigate = useNavigate()
  const ref = useRef<HTMLDivElement>(null)
  const [opening, setOpening] = useState<number | null>(null)
  useFillContainer(ref, list as PagedList<unknown>)
  // Actions that lead to other modules show only once those modules exist for this company.
  const tickets = hasRoute('/tickets')
  const schedules = hasRoute('/schedules')
  const mayDelete = can('contacts-page:deleteContact')

  async function openTicket(contact: Contact) {
    setOpening(contact.id)
    try {
      const ticket = await api.post<{ uuid: string }>('/tickets', { contactId: contact.id, userId: user?.id, status: 'open' })
      navigate(`/tickets/${ticket.uuid}`)
    } catch (e) {
      toastError(e)
    } finally {
      setOpening(null)
    }
  }

  if (!list.loading && list.items.length === 0) {
    return list.error ? (
      <EmptyState icon="error" title={t('core:common.loadError')} action={<Button icon="refresh" text={t('core:common.retry')} onClick={list.reload} />} />
    ) : (
      <EmptyState icon="people" title={term ? t('emptySearch', { term }) : t('empty')} />
    )
  }

  return (
    <div className="zd-table-card" ref={ref} onScroll={list.onScroll} data-testid="contacts-table">
      <HTMLTable interactive striped className="zd-table">
        <thead>
          <tr>
            <th style={{ width: 56 }} aria-label="avatar" />
            <th>{t('columns.name')}</th>
            <th>{t('columns.number')}</th>
            <th className="zd-hide-narrow">{t('columns.email')}</th>
            <th className="zd-col-actions" style={{ width: 180 }}>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((c) => (
            <tr key={c.id} data-contact-id={c.id}>
              <td><ContactAvatar name={c.name} url={c.profilePicUrl} /></td>
              <td>{c.name}</td>
              <td>{c.number ? (c.isGroup ? c.number : maskContactNumber(c.number)) : ''}</td>
              <td className="zd-hide-narrow">{c.email}</td>
              <td className="zd-col-actions">
                {tickets && (
                  <Button variant="minimal" icon="chat" title={t('actions.openTicket')} aria-label={t('actions.openTicket')} loading={opening === c.id} onClick={() => openTicket(c)} />
                )}
                <Button variant="minimal" icon="edit" title={t('actions.edit')} aria-label={t('actions.edit')} onClick={() => onEdit(c)} data-testid="contact-edit" />
                {schedules && (
                  <Button variant="minimal" icon="calendar" title={t('actions.schedule')} aria-label={t('actions.schedule')} onClick={() => navigate(`/schedules?contactId=${c.id}`)} />
                )}
                {mayDelete && (
                  <Button variant="minimal" icon="trash" intent="danger" title={t('actions.delete')} aria-label={t('actions.delete')} onClick={() => onDelete(c)} data-testid="contact-delete" />
                )}
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
