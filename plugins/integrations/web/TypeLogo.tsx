import { Icon, type IconName } from '@blueprintjs/core'
import type { IntegrationType } from './types.ts'

/** Each type's mark in the list and the dialog: its own icon on its own colour (no third-party artwork). */
const MARKS: Record<IntegrationType, { icon: IconName; color: string }> = {
  typebot: { icon: 'chat', color: '#0042da' },
  n8n: { icon: 'graph', color: '#ea4b71' },
  webhook: { icon: 'globe-network', color: '#5c7080' },
  dialogflow: { icon: 'predictive-analysis', color: '#ef6c00' },
}

export function TypeLogo({ type, label }: { type: IntegrationType; label: string }) {
  const mark = MARKS[type]
  return (
    <span className="zd-integration-logo" style={{ background: mark.color }} title={label} aria-label={label} role="img" data-type={type}>
      <Icon icon={mark.icon} size={14} color="#fff" />
    </span>
  )
}
