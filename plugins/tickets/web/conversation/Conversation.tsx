import { useCallback, useState } from 'react'
import type { ConversationTicket, Message } from './types.ts'
import { useMessages } from './use-messages.ts'
import { MessagesView } from './MessagesView.tsx'
import { MessageInput } from './MessageInput.tsx'
import './conversation.css'

export interface ConversationProps {
  ticket: ConversationTicket
  /** Messages only: no input and no message menu (e.g. a peek at someone else's ticket). */
  readOnly?: boolean
}

/** The conversation of a ticket: its messages and the input to answer them. */
export function Conversation(props: ConversationProps) {
  // Another ticket gets fresh state: messages, draft, reply and scroll position.
  return <TicketConversation key={props.ticket.id} {...props} />
}

function TicketConversation({ ticket, readOnly }: ConversationProps) {
  const data = useMessages(ticket.id)
  const [replyTo, setReplyTo] = useState<Message | null>(null)
  const cancelReply = useCallback(() => setReplyTo(null), [])
  return (
    <div className="zd-conv" data-testid="conversation">
      <MessagesView ticket={ticket} data={data} readOnly={readOnly} onReply={setReplyTo} />
      {!readOnly && <MessageInput ticket={ticket} replyTo={replyTo} onCancelReply={cancelReply} onSent={data.apply} />}
    </div>
  )
}
