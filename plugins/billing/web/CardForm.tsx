import { useState } from 'react'
import { Button, Callout, InputGroup, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field, api, toastError } from '@zapdesk/plugin-api/web'
import type { Invoice, Plan } from './types.ts'
import { EMPTY_CARD, cardBrand, formatCardNumber, formatExpiry, validateCard, type CardErrors, type CardValues } from './card-rules.ts'
import { TokenizeError, tokenizeCard, type CardConfig } from './tokenize.ts'

interface Props {
  config: CardConfig & { tokenizeUrl: string; provider: string }
  invoice: Invoice
  plan: Plan | null
  onSubscribed: (card: { cardNumber: string | null; cardFlag: string | null }) => void
}

/**
 * The spec's card form. The card goes from the browser straight to the provider's tokenizer; only its token, last
 * four digits and brand are sent to POST /cardsubscription. Name, expiry and CVV stay disabled until the number's
 * brand is known (spec).
 */
export function CardForm({ config, invoice, plan, onSubscribed }: Props) {
  const { t } = useTranslation('billing')
  const [card, setCard] = useState<CardValues>(EMPTY_CARD)
  const [errors, setErrors] = useState<CardErrors>({})
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const brand = cardBrand(card.number)
  const change = (patch: Partial<CardValues>) => {
    setCard((c) => ({ ...c, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }

  const submit = async () => {
    // Until the brand is known the other fields are disabled: only the number's message is worth showing.
    const all = validateCard(card)
    const found = brand ? all : { number: all.number ?? 'billing:card.errors.brand' }
    setErrors(found)
    setFailed(false)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      const token = await tokenizeCard(config, card)
      onSubscribed(await api.post('/cardsubscription', {
        payment_token: token.token, invoiceId: invoice.id, cardNumber: token.last4, cardFlag: token.brand || brand,
        planId: plan?.id, planName: plan?.name, planValue: plan?.value,
      }))
    } catch (err) {
      // The tokenizer refused the card or could not be reached: say so here, it is not our server's error.
      if (err instanceof TokenizeError || err instanceof TypeError) setFailed(true)
      else toastError(err)
    } finally {
      setBusy(false)
    }
  }

  const input = (key: keyof CardValues, props: { format?: (v: string) => string; max?: number; numeric?: boolean; autoComplete: string; disabled?: boolean }) => (
    <Field label={t(`card.fields.${key}`)} htmlFor={`card-${key}`} error={errors[key]}>
      <InputGroup id={`card-${key}`} value={card[key]} data-testid={`card-${key}`} autoComplete={props.autoComplete} disabled={props.disabled}
        inputMode={props.numeric ? 'numeric' : undefined} maxLength={props.max}
        rightElement={key === 'number' && brand ? <Tag minimal data-testid="card-brand">{brand}</Tag> : undefined}
        onChange={(e) => change({ [key]: props.format ? props.format(e.target.value) : e.target.value })} />
    </Field>
  )
  return (
    <div data-testid="card-form">
      <p className="zd-muted zd-billing-card-note">{t('card.direct')}</p>
      {input('number', { format: formatCardNumber, numeric: true, autoComplete: 'cc-number' })}
      {!brand && <p className="zd-muted zd-billing-card-note" data-testid="card-brand-hint">{t('card.brandFirst')}</p>}
      {input('name', { max: 100, autoComplete: 'cc-name', disabled: !brand })}
      <div className="zd-billing-grid">
        {input('expiry', { format: formatExpiry, numeric: true, autoComplete: 'cc-exp', disabled: !brand })}
        {input('cvv', { format: (v) => v.replace(/\D/g, '').slice(0, 4), numeric: true, autoComplete: 'cc-csc', disabled: !brand })}
      </div>
      {failed && <Callout intent="danger" className="zd-billing-block" data-testid="card-refused">{t('card.errors.refused')}</Callout>}
      <Button intent="primary" icon="credit-card" fill text={t('card.pay')} onClick={submit} loading={busy} data-testid="card-pay" />
    </div>
  )
}
