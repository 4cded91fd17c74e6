import { Tag, type Intent } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Campaign } from '../types.ts'

const INTENTS: Record<Campaign['status'], Intent> = { INATIVA: 'none', PROGRAMADA: 'primary', EM_ANDAMENTO: 'warning', CANCELADA: 'danger', FINALIZADA: 'success' }

/** A campaign's status as the list and the report show it; a running one whose connection is down says so. */
export function CampaignStatusTag({ campaign }: { campaign: Pick<Campaign, 'status' | 'pausedReason'> }) {
  const { t } = useTranslation('campaigns')
  const paused = campaign.status === 'EM_ANDAMENTO' && campaign.pausedReason
  return (
    <Tag round minimal intent={paused ? 'danger' : INTENTS[campaign.status]} icon={paused ? 'pause' : undefined} title={paused ? t('campaigns.paused') : undefined} data-status={campaign.status}>
      {t(`campaigns.status.${campaign.status}`)}
    </Tag>
  )
}
