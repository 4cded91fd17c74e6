import { Conversation, ContactDrawer } from './conversation/index.ts'
import type { Ticket } from './types.ts'

interface Props {
  ticket: Ticket
  drawerOpen: boolean
  onDrawerClose: () => void
}

/** The conversation (messages and input) and the contact drawer the header's contact button opens. */
export function ConversationSlot({ ticket, drawerOpen, onDrawerClose }: Props) {
  return (
    <div className="zd-ticket-conversation">
      <Conversation ticket={ticket} />
      <ContactDrawer ticket={ticket} open={drawerOpen} onClose={onDrawerClose} />
    </div>
  )
}
