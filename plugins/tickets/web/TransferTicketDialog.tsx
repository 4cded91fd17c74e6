import { HTMLSelect } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Field, FormDialog, useForm, useSession } from '@zapdesk/plugin-api/web'
import { UserPicker } from './UserPicker.tsx'
import { useOptions } from './use-options.ts'
import { updateTicket } from './ticket-api.ts'
import { transferBody } from './ticket-bodies.ts'
import { idOrNull, validateTransfer } from './ticket-forms.ts'
import type { Option, Ticket } from './types.ts'

interface Values {
  queue: number | null
  user: Option | null
  whatsappId: number | null
}

const EMPTY: Values = { queue: null, user: null, whatsappId: null }

/** Spec: a queue (required), optionally a user (searched from 3 characters) and a connection; PUT /tickets/:id. */
export function TransferTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { user: me } = useSession()
  const open = ticket !== null
  // any queue of the company: a transfer may well leave the agent's own queues
  const queues = useOptions('/queue', 'queues', open)
  const users = useOptions('/users/list', 'users', open)
  const connections = useOptions('/whatsapp', 'whatsapps', open)
  const form = useForm({
    open, onClose, resetKey: ticket?.id, initial: EMPTY, successText: t('transfer.done'),
    validate: (v) => validateTransfer(v.queue),
    submit: async (v) => {
      await updateTicket(ticket!.id, transferBody(v.queue!, v.user?.id ?? null, v.whatsappId))
      return v.user
    },
    // the ticket now waits in a queue or belongs to someone else: leave it (spec: clears the current ticket)
    onSaved: (user) => user?.id !== me?.id && navigate('/tickets'),
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={t('transfer.title')} icon="swap-horizontal" testId="transfer-dialog" saveTestId="transfer-save" saveText={t('transfer.save')}>
      <Field label={t('transfer.queue')} htmlFor="transfer-queue" error={errors.queue}>
        <HTMLSelect id="transfer-queue" fill value={values.queue ?? ''} onChange={(e) => set({ queue: idOrNull(e.target.value) })} data-testid="transfer-queue">
          <option value="">{t('newTicket.queuePlaceholder')}</option>
          {queues.items?.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
        </HTMLSelect>
      </Field>
      <Field label={t('transfer.user')} htmlFor="transfer-user" hint={t('transfer.userHint')}>
        <UserPicker users={users.items} value={values.user} onChange={(user) => set({ user })} />
      </Field>
      <Field label={t('transfer.connection')} htmlFor="transfer-connection">
        <HTMLSelect id="transfer-connection" fill value={values.whatsappId ?? ''} onChange={(e) => set({ whatsappId: idOrNull(e.target.value) })} data-testid="transfer-connection">
          <option value="">{t('transfer.keepConnection')}</option>
          {connections.items?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </HTMLSelect>
      </Field>
    </FormDialog>
  )
}
