import type { ConversationTicket, Message } from './types.ts'
import { useMessages } from './use-messages.ts'
import { MessagesView } from './MessagesView.tsx'
import './conversation.css'

export interface MessagesListProps {
  ticket: ConversationTicket
  /** No action menu (the admin's peek dialog). */
  readOnly?: boolean
  /** Offers "reply" in the message menu (the menu itself shows unless readOnly). */
  onReply?: (m: Message) => void
}

/** The messages of a ticket on their own: paged from the newest and live through the ticket's chat box room. */
export function MessagesList(props: MessagesListProps) {
  // A new ticket starts from a clean list and scroll position.
  return <TicketMessages key={props.ticket.id} {...props} />
}

function TicketMessages({ ticket, readOnly, onReply }: MessagesListProps) {
  // read-only is a look, not service: the ticket stays unread for whoever serves it
  const data = useMessages(ticket.id, readOnly)
  return <MessagesView ticket={ticket} data={data} readOnly={readOnly} onReply={onReply} />
}
