import { useEffect, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Field, toastError, toastSuccess, useSession } from '@zapdesk/plugin-api/web'
import { UserPicker } from './UserPicker.tsx'
import { useOptions } from './use-options.ts'
import { updateTicket } from './ticket-api.ts'
import { transferBody } from './ticket-bodies.ts'
import { idOrNull, validateTransfer, type DraftErrors } from './ticket-forms.ts'
import type { Option, Ticket } from './types.ts'

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
  const [queueId, setQueueId] = useState<number | null>(null)
  const [user, setUser] = useState<Option | null>(null)
  const [whatsappId, setWhatsappId] = useState<number | null>(null)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setQueueId(null)
    setUser(null)
    setWhatsappId(null)
    setErrors({})
  }, [open])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateTransfer(queueId)
    setErrors(found)
    if (!ticket || queueId == null || Object.keys(found).length) return
    setSaving(true)
    try {
      await updateTicket(ticket.id, transferBody(queueId, user?.id ?? null, whatsappId))
      toastSuccess(t('transfer.done'))
      onClose()
      // the ticket now waits in a queue or belongs to someone else: leave it (spec: clears the current ticket)
      if (user?.id !== me?.id) navigate('/tickets')
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog isOpen={open} onClose={onClose} title={t('transfer.title')} icon="swap-horizontal" className="zd-dialog">
      <form onSubmit={submit} noValidate data-testid="transfer-dialog">
        <DialogBody>
          <Field label={t('transfer.queue')} htmlFor="transfer-queue" error={errors.queue}>
            <HTMLSelect id="transfer-queue" fill value={queueId ?? ''} onChange={(e) => setQueueId(idOrNull(e.target.value))} data-testid="transfer-queue">
              <option value="">{t('newTicket.queuePlaceholder')}</option>
              {queues.items?.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
            </HTMLSelect>
          </Field>
          <Field label={t('transfer.user')} htmlFor="transfer-user" hint={t('transfer.userHint')}>
            <UserPicker users={users.items} value={user} onChange={setUser} />
          </Field>
          <Field label={t('transfer.connection')} htmlFor="transfer-connection">
            <HTMLSelect id="transfer-connection" fill value={whatsappId ?? ''} onChange={(e) => setWhatsappId(idOrNull(e.target.value))} data-testid="transfer-connection">
              <option value="">{t('transfer.keepConnection')}</option>
              {connections.items?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </HTMLSelect>
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" text={t('core:common.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('transfer.save')} loading={saving} data-testid="transfer-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
