import { useEffect, useState } from 'react'
import { Button, Drawer } from '@blueprintjs/core'
import { api, PageSpinner, toastError, useRealtime } from '@zapdesk/plugin-api/web'
import type { ContactDetailsData, ConversationTicket } from '../types.ts'
import { useConversationT } from '../i18n.ts'
import { ContactDetails } from './ContactDetails.tsx'
import { ContactEditForm } from './ContactEditForm.tsx'
import { TicketNotes } from './TicketNotes.tsx'
import '../conversation.css'

export interface ContactDrawerProps {
  ticket: ConversationTicket
  open: boolean
  onClose: () => void
}

/** Spec: the contact drawer beside the conversation, 320 px wide: contact details, their edit form, ticket notes. */
export function ContactDrawer({ ticket, open, onClose }: ContactDrawerProps) {
  const t = useConversationT()
  return (
    <Drawer isOpen={open} onClose={onClose} size={320} position="right" hasBackdrop={false} canOutsideClickClose={false} enforceFocus={false}
      className="zd-conv-drawer" title={t('drawer.title')} icon="person">
      {open && <DrawerBody key={ticket.id} ticket={ticket} />}
    </Drawer>
  )
}

function DrawerBody({ ticket }: { ticket: ConversationTicket }) {
  const t = useConversationT()
  const [contact, setContact] = useState<ContactDetailsData | null>(null)
  const [failed, setFailed] = useState(false)
  const [editing, setEditing] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const ac = new AbortController()
    setFailed(false)
    api.get<ContactDetailsData>(`/contacts/${ticket.contactId}`, { signal: ac.signal })
      .then(setContact)
      .catch((e) => {
        if (ac.signal.aborted) return
        setFailed(true)
        toastError(e)
      })
    return () => ac.abort()
  }, [ticket.contactId, attempt])

  // Someone else may edit the contact meanwhile (contacts page, another agent's drawer).
  useRealtime('contact', (raw) => {
    const ev = raw as { action?: string; contact?: ContactDetailsData }
    if (ev.action === 'update' && ev.contact?.id === ticket.contactId && !editing) setContact((c) => ({ ...c, ...ev.contact! }))
  })

  return (
    <div className="zd-conv-drawer__body" data-testid="contact-drawer">
      {!contact && !failed && <PageSpinner />}
      {failed && !contact && <Button icon="refresh" text={t('retry')} onClick={() => setAttempt((n) => n + 1)} />}
      {contact && (editing
        ? <ContactEditForm contact={contact} onCancel={() => setEditing(false)} onSaved={(c) => { setContact(c); setEditing(false) }} />
        : <ContactDetails contact={contact} onEdit={() => setEditing(true)} />)}
      <TicketNotes contactId={ticket.contactId} ticketId={ticket.id} />
    </div>
  )
}
