import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { MessagesList } from './conversation/index.ts'
import type { Ticket } from './types.ts'
import './pickers.css'

interface Props {
  ticket: Ticket | null
  onClose: () => void
  /** A waiting ticket's preview offers to take it from here. */
  onAccept?: (ticket: Ticket) => void
  accepting?: boolean
}

/**
 * A look into a conversation without taking part: an admin's peek, or the preview of a waiting ticket with its
 * Accept button in view. The message list has no actions and reads nothing.
 */
export function PeekDialog({ ticket, onClose, onAccept, accepting }: Props) {
  const { t } = useTranslation('tickets')
  const accept = ticket?.status === 'pending' && onAccept
  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('peek.title', { name: ticket?.contact?.name ?? '' })} icon="eye-open"
      className="zd-dialog zd-peek-dialog">
      <DialogBody className="zd-peek-dialog__body" data-testid="peek-dialog">{ticket && <MessagesList ticket={ticket} readOnly />}</DialogBody>
      <DialogFooter actions={<>
        <Button text={t('core:common.close')} variant={accept ? 'minimal' : undefined} onClick={onClose} data-testid="peek-close" />
        {accept && <Button intent="success" icon="endorsed" text={t('row.accept')} loading={accepting} onClick={() => onAccept(ticket)} data-testid="peek-accept" />}
      </>} />
    </Dialog>
  )
}
