import { useConversationT } from './i18n.ts'

type Props = { kind: 'day'; label: string } | { kind: 'ticketStart' | 'ticketEnd'; ticketId: number }

/** A centred line between messages: a new day, or where one ticket of the contact ends and the next starts. */
export function Separator(props: Props) {
  const t = useConversationT()
  if (props.kind === 'day') {
    return (
      <div className="zd-conv-sep zd-conv-sep--day" role="separator" data-testid="day-separator">
        <span>{props.label}</span>
      </div>
    )
  }
  const text = props.kind === 'ticketStart' ? t('ticketStart', { id: props.ticketId }) : t('ticketEnd', { id: props.ticketId })
  return (
    <div className={`zd-conv-sep zd-conv-sep--ticket zd-conv-sep--${props.kind}`} role="separator" data-testid={`${props.kind}-separator`}>
      <span>{text}</span>
    </div>
  )
}
