import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field } from '@zapdesk/plugin-api/web'
import type { ChargeInfoValues } from './types.ts'
import { digitsOnly } from './rules.ts'
import { lookupZipcode } from './zipcode.ts'

interface Props {
  values: ChargeInfoValues
  errors: Partial<Record<keyof ChargeInfoValues, string>>
  onChange: (patch: Partial<ChargeInfoValues>) => void
}

/**
 * The billing-data fields (the checkout's 'Dados' step). CPF, zip code and number keep digits only, at most their
 * length (cut after stripping, so a pasted '529.982.247-25' keeps all 11 digits); leaving the zip
 * code with 8 digits looks the address up, and a failed lookup (offline) leaves the fields for the user to type.
 */
export function ChargeInfoFields({ values, errors, onChange }: Props) {
  const { t } = useTranslation('billing')
  const text = (key: keyof ChargeInfoValues, opts: { max?: number; digits?: boolean; type?: string } = {}) => (
    <Field label={t(`data.${key}`)} htmlFor={`charge-${key}`} error={errors[key]}>
      <InputGroup id={`charge-${key}`} type={opts.type ?? 'text'} value={values[key]} maxLength={opts.digits ? undefined : opts.max} data-testid={`charge-${key}`}
        inputMode={opts.digits ? 'numeric' : undefined}
        onChange={(e) => onChange({ [key]: opts.digits ? digitsOnly(e.target.value, opts.max ?? 20) : e.target.value })}
        onBlur={key === 'zipcode' ? async () => {
          if (values.zipcode.length !== 8) return
          const found = await lookupZipcode(values.zipcode)
          if (found) onChange(found)
        } : undefined} />
    </Field>
  )
  return (
    <div className="zd-billing-grid">
      {text('name', { max: 120 })}
      {text('cpf', { max: 11, digits: true })}
      {text('birth', { type: 'date' })}
      {text('email', { max: 200, type: 'email' })}
      {text('phone_number', { max: 20, digits: true })}
      {text('zipcode', { max: 8, digits: true })}
      {text('street', { max: 200 })}
      {text('number', { max: 10, digits: true })}
      {text('neighborhood', { max: 100 })}
      {text('city', { max: 100 })}
      {text('state', { max: 40 })}
    </div>
  )
}
