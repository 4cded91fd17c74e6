import { useEffect, useState } from 'react'
import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { api, formatDate, formatMoney, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import type { ChargeInfo, ChargeInfoValues, Invoice, PixAnswer, Plan } from './types.ts'
import { EMPTY_CHARGE_INFO, validateChargeInfo } from './rules.ts'
import { ChargeInfoFields } from './ChargeInfoFields.tsx'
import { CardForm } from './CardForm.tsx'
import { cardsOffered, type CardConfig } from './tokenize.ts'

/** The spec's QR code size. */
export const QR_SIZE = 256
const STEPS = ['data', 'plan', 'review'] as const

interface Props {
  invoice: Invoice | null
  plan: Plan | null
  chargeInfo: ChargeInfo | null
  /** Set once the live payment event said CONCLUIDA: the dialog shows the renewal message. */
  paid: boolean
  /** The provider's browser card tokenizer (GET /billing/card-config); without one only Pix is offered. */
  cardConfig: CardConfig | null
  onSavedInfo: (info: ChargeInfo) => void
  /** The card subscription is active: its masked number and brand for the card strip. */
  onCard: (card: { cardNumber: string | null; cardFlag: string | null }) => void
  onClose: () => void
}

const valuesOf = (info: ChargeInfo | null): ChargeInfoValues => (info ? {
  cpf: info.cpf, birth: info.birth, zipcode: info.zipcode, number: info.number, city: info.city, state: info.state, street: info.street,
  neighborhood: info.neighborhood, name: info.name, email: info.email, phone_number: info.phone_number,
} : EMPTY_CHARGE_INFO)

/**
 * The checkout stepper: Dados (billing data, saved), Personalizar (the plan and invoice), Revisar, then Pix's QR code
 * or, when the provider tokenizes cards in the browser, the card form.
 */
export function CheckoutDialog({ invoice, plan, chargeInfo, paid, cardConfig, onSavedInfo, onCard, onClose }: Props) {
  const { t } = useTranslation('billing')
  const [step, setStep] = useState(0)
  const [values, setValues] = useState<ChargeInfoValues>(valuesOf(chargeInfo))
  const [errors, setErrors] = useState<Partial<Record<keyof ChargeInfoValues, string>>>({})
  const [busy, setBusy] = useState(false)
  const [pix, setPix] = useState<PixAnswer | null>(null)
  const [byCard, setByCard] = useState(false)
  useEffect(() => {
    if (!invoice) return
    setStep(0); setPix(null); setByCard(false); setErrors({}); setValues(valuesOf(chargeInfo))
    // Keyed on the invoice only: a new checkout starts from the saved data, a save inside it must not reset the steps.
  }, [invoice?.id])

  const saveData = async () => {
    const found = validateChargeInfo(values)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      onSavedInfo(await api.post<ChargeInfo>('/chargeinfo', values))
      setStep(1)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }
  const pay = async () => {
    if (!invoice) return
    setBusy(true)
    try {
      setPix(await api.post<PixAnswer>('/subscription', { invoiceId: invoice.id, price: invoice.value, users: plan?.users, connections: plan?.connections }))
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (!pix) return
    try {
      await navigator.clipboard.writeText(pix.qrcode.qrcode)
      toastSuccess(t('checkout.copied'))
    } catch { /* clipboard refused (insecure page): the code stays selectable on screen */ }
  }

  const body = () => {
    if (paid) return <Callout intent="success" icon="tick-circle" data-testid="checkout-paid">{t('checkout.paid')}</Callout>
    if (pix) {
      return (
        <div className="zd-billing-pix" data-testid="checkout-pix">
          <p>{t('checkout.scan', { value: formatMoney(Number(pix.valor.original)) })}</p>
          <QRCodeSVG value={pix.qrcode.qrcode} size={QR_SIZE} marginSize={2} data-testid="pix-qr" className="zd-billing-pix__qr" />
          <textarea readOnly className="bp6-input zd-billing-pix__code" value={pix.qrcode.qrcode} data-testid="pix-code" rows={3} />
          <Button icon="duplicate" text={t('checkout.copy')} onClick={copy} />
          <p className="zd-muted"><Spinner size={14} className="zd-billing-inline-spinner" /> {t('checkout.waiting')}</p>
        </div>
      )
    }
    if (byCard && invoice && cardsOffered(cardConfig)) return <CardForm config={cardConfig} invoice={invoice} plan={plan} onSubscribed={onCard} />
    if (STEPS[step] === 'data') return <ChargeInfoFields values={values} errors={errors} onChange={(patch) => {
      setValues((v) => ({ ...v, ...patch }))
      // A field being corrected loses its old message; the rest keep theirs until the next try.
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
    }} />
    if (STEPS[step] === 'plan') {
      return (
        <div data-testid="checkout-plan">
          <h4>{invoice?.detail}</h4>
          {plan && <p>{t('checkout.limits', { users: plan.users || '∞', connections: plan.connections || '∞', queues: plan.queues || '∞' })}</p>}
          <p>{t('checkout.invoiceLine', { id: invoice?.id, date: formatDate(invoice?.dueDate) })}</p>
        </div>
      )
    }
    return (
      <>
        <dl className="zd-billing-review" data-testid="checkout-review">
          <dt>{t('data.name')}</dt><dd>{values.name}</dd>
          <dt>{t('data.cpf')}</dt><dd>{values.cpf}</dd>
          <dt>{t('checkout.plan')}</dt><dd>{invoice?.detail}</dd>
          <dt>{t('invoices.value')}</dt><dd>{formatMoney(invoice?.value)}</dd>
        </dl>
        {!cardsOffered(cardConfig) && <Callout icon="info-sign" className="zd-billing-note" data-testid="card-not-offered">{t('card.notOffered')}</Callout>}
      </>
    )
  }

  return (
    <Dialog isOpen={invoice !== null} onClose={onClose} title={t('checkout.title')} icon="credit-card" className="zd-dialog zd-billing-dialog">
      <DialogBody>
        {!pix && !paid && !byCard && (
          <ol className="zd-billing-steps" data-testid="checkout-steps">
            {STEPS.map((s, i) => <li key={s} className={i === step ? 'is-active' : i < step ? 'is-done' : undefined}>{t(`steps.${s}`)}</li>)}
          </ol>
        )}
        {body()}
      </DialogBody>
      <DialogFooter actions={pix || paid ? <Button text={t('checkout.close')} onClick={onClose} /> : (
        <>
          {byCard && <Button text={t('checkout.back')} onClick={() => setByCard(false)} data-testid="card-back" />}
          {!byCard && step > 0 && <Button text={t('checkout.back')} onClick={() => setStep(step - 1)} disabled={busy} />}
          {STEPS[step] === 'data' && <Button intent="primary" text={t('checkout.next')} onClick={saveData} loading={busy} data-testid="checkout-next" />}
          {STEPS[step] === 'plan' && <Button intent="primary" text={t('checkout.next')} onClick={() => setStep(2)} data-testid="checkout-next" />}
          {!byCard && STEPS[step] === 'review' && cardsOffered(cardConfig) && <Button icon="credit-card" text={t('checkout.payCard')} onClick={() => setByCard(true)} data-testid="checkout-card" />}
          {!byCard && STEPS[step] === 'review' && <Button intent="primary" icon="lightning" text={t('checkout.payPix')} onClick={pay} loading={busy} data-testid="checkout-pay" />}
        </>
      )} />
    </Dialog>
  )
}
