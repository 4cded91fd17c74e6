import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Card, ProgressBar } from '@blueprintjs/core'
import { useNavigate, useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api, EmptyState, formatDateTime, PageHeader, PageSpinner, toastError, useRealtime } from '@zapdesk/plugin-api/web'
import type { Campaign, CampaignEvent } from '../types.ts'
import { CampaignStatusTag } from './status.tsx'
import '../campaigns.css'

/** The spec: the report reloads this long after a live update says FINALIZADA. */
const REFRESH_AFTER_FINISH_MS = 5000

/** The spec's report: status, delivered of valid with a progress bar, and the campaign's figures, live. */
export default function CampaignReportPage() {
  const { t } = useTranslation('campaigns')
  const navigate = useNavigate()
  const id = Number(useParams().campaignId)
  const [campaign, setCampaign] = useState<Campaign | null | undefined>(undefined)
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined)
  const load = useCallback(() => {
    api.get<Campaign>(`/campaigns/${id}`).then(setCampaign, (e) => { toastError(e); setCampaign(null) })
  }, [id])
  useEffect(() => {
    load()
    return () => clearTimeout(refresh.current)
  }, [load])
  useRealtime('campaign', (raw) => {
    const d = raw as unknown as CampaignEvent
    if ((d.action === 'delete' ? d.id : d.action === 'progress' ? d.id : d.record.id) !== id) return
    if (d.action === 'delete') return setCampaign(null)
    const status = d.action === 'progress' ? d.status : d.record.status
    setCampaign((c) => (c ? { ...c, ...(d.action === 'progress' ? { status: d.status, pausedReason: d.pausedReason, report: d.report } : d.record) } : c))
    if (status === 'FINALIZADA') {
      clearTimeout(refresh.current)
      refresh.current = setTimeout(load, REFRESH_AFTER_FINISH_MS)
    }
  })
  if (campaign === undefined) return <PageSpinner />
  if (campaign === null) return <div className="zd-page"><EmptyState icon="search" title={t('report.notFound')} action={<Button text={t('common.back')} onClick={() => navigate('/campaigns')} />} /></div>
  const r = campaign.report ?? { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0, remaining: 0 }
  const cards: Array<[string, string | number]> = [
    ['valid', r.valid], ...(campaign.confirmation ? [['confirmationRequested', r.confirmationRequested], ['confirmed', r.confirmed]] as Array<[string, number]> : []),
    ['delivered', r.delivered], ['failed', r.failed], ['whatsapp', campaign.whatsapp?.name ?? t('common.none')], ['contactList', campaign.contactList?.name ?? t('common.none')],
    ['scheduledAt', campaign.scheduledAt ? formatDateTime(campaign.scheduledAt) : t('campaigns.notScheduled')],
    ['completedAt', campaign.completedAt ? formatDateTime(campaign.completedAt) : t('campaigns.notCompleted')],
  ]
  return (
    <div className="zd-page" data-testid="campaign-report">
      <PageHeader title={t('report.title', { name: campaign.name })} actions={<Button icon="arrow-left" variant="outlined" text={t('common.back')} onClick={() => navigate('/campaigns')} />} />
      <Card className="zd-campaign-report__card">
        <div className="zd-campaign-report__head">
          <CampaignStatusTag campaign={campaign} />
          <strong data-testid="campaign-report-delivered">{t('report.delivered', { delivered: r.delivered, valid: r.valid })}</strong>
          {campaign.status === 'EM_ANDAMENTO' && campaign.pausedReason && <span className="zd-muted">{t('campaigns.paused')}</span>}
        </div>
        <ProgressBar value={r.valid ? r.delivered / r.valid : 0} intent={campaign.status === 'FINALIZADA' ? 'success' : 'primary'} stripes={campaign.status === 'EM_ANDAMENTO'} animate={campaign.status === 'EM_ANDAMENTO' && !campaign.pausedReason} />
      </Card>
      <div className="zd-campaign-report__cards">
        {cards.map(([key, value]) => (
          <Card key={key} className="zd-campaign-report__card" data-card={key}>
            <div className="zd-muted">{t(`report.cards.${key}`)}</div>
            <div className="zd-campaign-report__value">{value}</div>
          </Card>
        ))}
      </div>
    </div>
  )
}
