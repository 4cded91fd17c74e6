import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { MessagesList } from './conversation/index.ts'
import type { Ticket } from './types.ts'
import './pickers.css'

/** Admins look into a conversation without taking the ticket: the message list, with no actions. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation('tickets')
  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('peek.title', { name: ticket?.contact?.name ?? '' })} icon="eye-open"
      className="zd-dialog zd-peek-dialog">
      <DialogBody className="zd-peek-dialog__body" data-testid="peek-dialog">{ticket && <MessagesList ticket={ticket} readOnly />}</DialogBody>
      <DialogFooter actions={<Button text={t('core:common.close')} onClick={onClose} data-testid="peek-close" />} />
    </Dialog>
  )
}
