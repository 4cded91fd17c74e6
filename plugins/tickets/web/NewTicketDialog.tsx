import { useEffect, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { api, Field, toastError, useSession } from '@zapdesk/plugin-api/web'
import { ContactPicker } from './ContactPicker.tsx'
import { useOptions, useQueueOptions } from './use-options.ts'
import { useOtherOpenTicket } from './use-ticket-actions.ts'
import { idOrNull, newTicketBody, validateNewTicket, type DraftErrors } from './ticket-forms.ts'
import type { Ticket, TicketContact } from './types.ts'

/** Spec: contact (searched from 3 characters), queue (required unless admin), connection; the new ticket opens. */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { user, isAdmin } = useSession()
  const queues = useQueueOptions(open)
  const connections = useOptions('/whatsapp', 'whatsapps', open)
  const onOtherOpen = useOtherOpenTicket()
  const [contact, setContact] = useState<TicketContact | null>(null)
  const [queueId, setQueueId] = useState<number | null>(null)
  const [whatsappId, setWhatsappId] = useState<number | null>(null)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setContact(null)
    setQueueId(null)
    setWhatsappId(user?.whatsappId ?? null)
    setErrors({})
  }, [open, user?.whatsappId])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const draft = { contactId: contact?.id ?? null, queueId, whatsappId }
    const found = validateNewTicket(draft, isAdmin)
    setErrors(found)
    if (Object.keys(found).length || !user) return
    setSaving(true)
    try {
      const ticket = await api.post<Ticket>('/tickets', newTicketBody(draft, user.id))
      onClose()
      navigate(`/tickets/${ticket.uuid}`)
    } catch (err) {
      if (onOtherOpen(err)) onClose()
      else toastError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog isOpen={open} onClose={onClose} title={t('newTicket.title')} icon="chat" className="zd-dialog zd-new-ticket">
      <form onSubmit={submit} noValidate data-testid="new-ticket-dialog">
        <DialogBody>
          <Field label={t('newTicket.contact')} htmlFor="new-ticket-contact" error={errors.contact}>
            <ContactPicker value={contact} onChange={setContact} invalid={!!errors.contact} />
          </Field>
          <Field label={t('newTicket.queue')} htmlFor="new-ticket-queue" error={errors.queue}>
            <HTMLSelect id="new-ticket-queue" fill value={queueId ?? ''} onChange={(e) => setQueueId(idOrNull(e.target.value))} data-testid="new-ticket-queue">
              <option value="">{isAdmin ? t('newTicket.noQueueOption') : t('newTicket.queuePlaceholder')}</option>
              {queues.items?.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
            </HTMLSelect>
          </Field>
          <Field label={t('newTicket.connection')} htmlFor="new-ticket-connection" hint={t('newTicket.connectionHint')}>
            <HTMLSelect id="new-ticket-connection" fill value={whatsappId ?? ''} onChange={(e) => setWhatsappId(idOrNull(e.target.value))} data-testid="new-ticket-connection">
              <option value="">{t('newTicket.defaultConnection')}</option>
              {connections.items?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </HTMLSelect>
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" text={t('core:common.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('newTicket.save')} loading={saving} data-testid="new-ticket-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
