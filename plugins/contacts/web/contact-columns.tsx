import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { api, hasRoute, toastError, useSession, type Column } from '@zapdesk/plugin-api/web'
import type { Contact } from './types.ts'
import { ContactAvatar } from './ContactAvatar.tsx'
import { maskContactNumber } from './contact-form.ts'

/**
 * The contacts table's columns and its row buttons besides edit/delete: open a ticket with the contact and
 * schedule a message, each shown only once its module exists for this company.
 */
export function useContactColumns() {
  const { t } = useTranslation('contacts')
  const { user } = useSession()
  const navigate = useNavigate()
  const [opening, setOpening] = useState<number | null>(null)
  const tickets = hasRoute('/tickets')
  const schedules = hasRoute('/schedules')

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

  const columns: Column<Contact>[] = [
    { key: 'avatar', header: <span aria-label="avatar" />, cell: (c) => <ContactAvatar name={c.name} url={c.profilePicUrl} /> },
    { key: 'name', header: t('columns.name'), cell: (c) => c.name },
    { key: 'number', header: t('columns.number'), cell: (c) => (c.number ? (c.isGroup ? c.number : maskContactNumber(c.number)) : '') },
    { key: 'email', header: t('columns.email'), className: 'zd-hide-narrow', cell: (c) => c.email },
  ]
  const rowActions = (c: Contact) => (
    <>
      {tickets && <Button variant="minimal" icon="chat" title={t('actions.openTicket')} aria-label={t('actions.openTicket')} loading={opening === c.id} onClick={() => openTicket(c)} />}
      {schedules && <Button variant="minimal" icon="calendar" title={t('actions.schedule')} aria-label={t('actions.schedule')} onClick={() => navigate(`/schedules?contactId=${c.id}`)} />}
    </>
  )
  return { columns, rowActions }
}
