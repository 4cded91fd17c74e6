import { useTranslation } from 'react-i18next'
import type { WebMenuBadge } from '@zapdesk/plugin-api/web'
import { useConnections } from './use-connections.ts'
import { anyNeedsAttention } from './session.ts'
import { BADGE_DELAY_MS, useDelayedFlag } from './delayed-flag.ts'

/** The connections menu badge: a warning while any session of the company needs attention (spec). */
export default function useConnectionsBadge(): WebMenuBadge | null {
  const { t } = useTranslation('connections')
  const { items } = useConnections()
  const shown = useDelayedFlag(anyNeedsAttention(items ?? []), BADGE_DELAY_MS)
  return shown ? { intent: 'warning', title: t('badge') } : null
}
