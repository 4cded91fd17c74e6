import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core'
import type { Message } from './types.ts'
import { useConversationT } from './i18n.ts'

interface Props {
  message: Message
  /** The server lets agents delete their own sent messages, admins any message sent from the platform. */
  canDelete: boolean
  onReply?: (m: Message) => void
  onDelete: (m: Message) => void
}

/** The bubble's action menu: reply to any message; delete own messages not deleted yet. */
export function MessageMenu({ message, canDelete, onReply, onDelete }: Props) {
  const t = useConversationT()
  const menu = (
    <Menu>
      {onReply && <MenuItem icon="undo" text={t('actions.reply')} onClick={() => onReply(message)} data-testid="message-reply" />}
      {canDelete && <MenuItem icon="trash" intent="danger" text={t('actions.delete')} onClick={() => onDelete(message)} data-testid="message-delete" />}
    </Menu>
  )
  return (
    // The class goes on Blueprint's target wrapper: positioned out of the text flow, it takes no line of its own.
    <PopoverNext content={menu} placement="bottom-end" arrow={false} className="zd-conv-menu">
      <Button variant="minimal" size="small" icon="chevron-down" aria-label={t('actions.label')} title={t('actions.label')} data-testid="message-menu" />
    </PopoverNext>
  )
}
