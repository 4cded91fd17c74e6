import { Icon } from '@blueprintjs/core'
import { ackState, type AckFields } from './ack.ts'
import { useConversationT } from './i18n.ts'

/** WhatsApp's ticks: Blueprint has no double tick, so they are drawn here. */
function Ticks({ double }: { double: boolean }) {
  return (
    <svg viewBox="0 0 18 11" width="16" height="11" aria-hidden="true">
      <path d="M1 6.2l3 3L10.5 2.2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      {double && <path d="M7.6 9.2l.4.4L15.5 2.2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />}
    </svg>
  )
}

export function AckIcon({ message }: { message: AckFields }) {
  const t = useConversationT()
  const state = ackState(message)
  if (!state) return null
  const label = t(`ack.${state}`)
  return (
    <span className={`zd-conv-ack zd-conv-ack--${state}`} title={label} aria-label={label} data-ack={state}>
      {state === 'failed' ? <Icon icon="error" size={12} /> : state === 'pending' ? <Icon icon="time" size={12} /> : <Ticks double={state !== 'sent'} />}
    </span>
  )
}
