import { HTMLSelect } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { api, Field, FormDialog, useForm, useSession } from '@zapdesk/plugin-api/web'
import { ContactPicker } from './ContactPicker.tsx'
import { useOptions, useQueueOptions } from './use-options.ts'
import { useOtherOpenTicket } from './use-ticket-actions.ts'
import { idOrNull, newTicketBody, validateNewTicket } from './ticket-forms.ts'
import type { Ticket, TicketContact } from './types.ts'

interface Values {
  contact: TicketContact | null
  queue: number | null
  whatsappId: number | null
}

/** Spec: contact (searched from 3 characters), queue (required unless admin), connection; the new ticket opens. */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { user, isAdmin } = useSession()
  const queues = useQueueOptions(open)
  const connections = useOptions('/whatsapp', 'whatsapps', open)
  const onOtherOpen = useOtherOpenTicket()
  const draftOf = (v: Values) => ({ contactId: v.contact?.id ?? null, queueId: v.queue, whatsappId: v.whatsappId })
  const form = useForm<Values, Ticket | null>({
    open, onClose, resetKey: user?.whatsappId,
    initial: { contact: null, queue: null, whatsappId: user?.whatsappId ?? null },
    validate: (v) => validateNewTicket(draftOf(v), isAdmin),
    // Another open ticket of the contact is answered by its own prompt (open it instead), not as a failure.
    submit: (v) => api.post<Ticket>('/tickets', newTicketBody(draftOf(v), user?.id ?? 0)).catch((err) => {
      if (onOtherOpen(err)) return null
      throw err
    }),
    onSaved: (ticket) => ticket && navigate(`/tickets/${ticket.uuid}`),
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={t('newTicket.title')} icon="chat" className="zd-new-ticket" testId="new-ticket-dialog" saveTestId="new-ticket-save" saveText={t('newTicket.save')}>
      <Field label={t('newTicket.contact')} htmlFor="new-ticket-contact" error={errors.contact}>
        <ContactPicker value={values.contact} onChange={(contact) => set({ contact })} invalid={!!errors.contact} />
      </Field>
      <Field label={t('newTicket.queue')} htmlFor="new-ticket-queue" error={errors.queue}>
        <HTMLSelect id="new-ticket-queue" fill value={values.queue ?? ''} onChange={(e) => set({ queue: idOrNull(e.target.value) })} data-testid="new-ticket-queue">
          <option value="">{isAdmin ? t('newTicket.noQueueOption') : t('newTicket.queuePlaceholder')}</option>
          {queues.items?.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
        </HTMLSelect>
      </Field>
      <Field label={t('newTicket.connection')} htmlFor="new-ticket-connection" hint={t('newTicket.connectionHint')}>
        <HTMLSelect id="new-ticket-connection" fill value={values.whatsappId ?? ''} onChange={(e) => set({ whatsappId: idOrNull(e.target.value) })} data-testid="new-ticket-connection">
          <option value="">{t('newTicket.defaultConnection')}</option>
          {connections.items?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </HTMLSelect>
      </Field>
    </FormDialog>
  )
}
