import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Callout, Card, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog, PageHeader, api, toastError, toastSuccess, useRealtime, useSession } from '@zapdesk/plugin-api/web'
import type { ChargeInfo, Invoice, Plan } from './types.ts'
import { InvoiceTable } from './InvoiceTable.tsx'
import { PlanCards } from './PlanCards.tsx'
import { CheckoutDialog } from './CheckoutDialog.tsx'
import { AllInvoices } from './AllInvoices.tsx'
import type { CardConfig } from './tokenize.ts'
import './billing.css'

/** After the live payment event, home again in this long (spec: 4 s). */
export const PAID_REDIRECT_MS = 4000

/**
 * The spec's 'Faturas' page: the plans (changing one confirms, then pays its invoice), the active card strip, and the
 * invoice history whose unpaid rows open the Pix checkout. The live `payment` event (CONCLUIDA) shows the renewal
 * message and reloads home after 4 s, so the session reads the new due date and the menu unlocks.
 */
export default function FinancePage() {
  const { t } = useTranslation('billing')
  const { user, companyPlan } = useSession()
  const [invoices, setInvoices] = useState<Invoice[] | null>(null)
  const [plans, setPlans] = useState<Plan[]>([])
  // undefined until it is loaded: the card strip it shows sits above the invoices, which wait for it rather than jump
  // down under a pointer about to press Pay.
  const [chargeInfo, setChargeInfo] = useState<ChargeInfo | null | undefined>(undefined)
  const [paying, setPaying] = useState<Invoice | null>(null)
  const [paid, setPaid] = useState(false)
  const [stopCard, setStopCard] = useState(false)
  const [cardConfig, setCardConfig] = useState<CardConfig | null>(null)
  const timer = useRef<number | undefined>(undefined)

  const load = useCallback(async () => {
    try {
      setInvoices(await api.get<Invoice[]>('/invoices/list'))
    } catch (err) {
      toastError(err)
      setInvoices([])
    }
  }, [])
  useEffect(() => {
    void load()
    api.get<Plan[]>('/plans/list').then(setPlans, toastError)
    if (user) {
      api.get<ChargeInfo | null>(`/chargeinfo/${user.companyId}`).then(setChargeInfo, (err) => { toastError(err); setChargeInfo(null) })
      // Without it the card option stays hidden: Pix still works, so a failure here is not shown.
      api.get<CardConfig>('/billing/card-config').then(setCardConfig, () => setCardConfig(null))
    }
    return () => window.clearTimeout(timer.current)
  }, [load, user])

  useRealtime('payment', (raw) => {
    const data = raw as unknown as { action?: string }
    if (data.action !== 'CONCLUIDA') return
    setPaid(true)
    void load()
    toastSuccess(t('checkout.paid'))
    timer.current = window.setTimeout(() => window.location.assign('/'), PAID_REDIRECT_MS)
  })

  const unsubscribe = async () => {
    try {
      await api.post('/cardunsubscription')
      setChargeInfo((c) => (c ? { ...c, cardNumber: null, cardFlag: null } : c))
      setStopCard(false)
    } catch (err) {
      toastError(err)
    }
  }

  const currentPlan = plans.find((p) => p.id === companyPlan?.planId) ?? null
  const payingPlan = plans.find((p) => p.id === (paying?.planId ?? companyPlan?.planId)) ?? null
  return (
    <div className="zd-page zd-billing" data-testid="finance-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {paid && <Callout intent="success" icon="tick-circle" className="zd-billing-block" data-testid="payment-done">{t('checkout.paid')}</Callout>}
      {chargeInfo?.cardNumber && (
        <Card className="zd-billing-card-strip zd-billing-block" data-testid="card-strip">
          <span>{t('card.active', { number: chargeInfo.cardNumber, flag: chargeInfo.cardFlag ?? '' })}</span>
          <Button minimal intent="danger" text={t('card.stop')} onClick={() => setStopCard(true)} />
        </Card>
      )}
      <section className="zd-billing-block">
        <h2 className="zd-billing-heading">{t('invoices.title')}</h2>
        {invoices === null || chargeInfo === undefined ? <Spinner size={24} /> : <InvoiceTable invoices={invoices} onPay={setPaying} />}
      </section>
      <section className="zd-billing-block">
        <h2 className="zd-billing-heading">{t('plans.title')}</h2>
        <PlanCards plans={plans} currentPlanId={currentPlan?.id ?? companyPlan?.planId ?? null} onChanged={(invoice) => { void load(); setPaying(invoice) }} />
      </section>
      {user?.super && <AllInvoices />}
      <CheckoutDialog invoice={paying} plan={payingPlan} chargeInfo={chargeInfo ?? null} paid={paid} cardConfig={cardConfig} onSavedInfo={setChargeInfo}
        onCard={(card) => { setChargeInfo((c) => (c ? { ...c, ...card } : c)); setPaying(null); toastSuccess(t('card.subscribed')) }} onClose={() => setPaying(null)} />
      <ConfirmDialog open={stopCard} title={t('card.stopTitle')} onConfirm={unsubscribe} onCancel={() => setStopCard(false)} intent="danger" confirmText={t('card.stop')}>
        {t('card.stopBody')}
      </ConfirmDialog>
    </div>
  )
}
