import { useState } from 'react'
import { Button, Card, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog, api, formatMoney, toastError } from '@zapdesk/plugin-api/web'
import type { Invoice, Plan } from './types.ts'

interface Props { plans: Plan[]; currentPlanId: number | null; onChanged: (invoice: Invoice) => void }

/** The plans as cards; choosing another asks to confirm the change, whose invoice the server prices (spec rule). */
export function PlanCards({ plans, currentPlanId, onChanged }: Props) {
  const { t } = useTranslation('billing')
  const [asking, setAsking] = useState<Plan | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!asking) return
    setBusy(true)
    try {
      onChanged(await api.post<Invoice>('/upgradeSubscription', { planId: asking.id, planName: asking.name, planValue: asking.value }))
      setAsking(null)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="zd-billing-plans" data-testid="plan-cards">
      {plans.map((p) => (
        <Card key={p.id} className={`zd-billing-plan${p.id === currentPlanId ? ' is-current' : ''}`} data-plan={p.name}>
          <h3 className="zd-billing-plan__name">{p.name} {p.id === currentPlanId && <Tag minimal intent="primary">{t('plans.current')}</Tag>}</h3>
          <p className="zd-billing-plan__price">{formatMoney(p.value)}<small>{t('plans.perMonth')}</small></p>
          <ul className="zd-billing-plan__limits">
            {/* A limit of 0 is unlimited: the _zero plural says so. */}
            <li>{t('plans.users', { count: p.users })}</li>
            <li>{t('plans.connections', { count: p.connections })}</li>
            <li>{t('plans.queues', { count: p.queues })}</li>
          </ul>
          {p.id !== currentPlanId && <Button fill text={t('plans.choose')} onClick={() => setAsking(p)} data-testid="plan-choose" />}
        </Card>
      ))}
      <ConfirmDialog open={asking !== null} title={t('plans.confirmTitle', { name: asking?.name ?? '' })} onConfirm={confirm}
        onCancel={() => setAsking(null)} busy={busy} confirmText={t('plans.confirm')} intent="primary">
        {t('plans.confirmBody')}
      </ConfirmDialog>
    </div>
  )
}
