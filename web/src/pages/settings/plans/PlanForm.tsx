import { Button, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { CatalogFeature, Plan } from '../../../api/types.ts'
import { Field } from '../../../ui/Field.tsx'
import { InlineForm } from '../../../ui/crud/InlineForm.tsx'
import type { FormState } from '../../../ui/crud/use-form.ts'
import { labelIn } from '../../../i18n/languages.ts'
import type { PlanFormValues } from './plan-form.ts'

interface Props {
  form: FormState<PlanFormValues>
  plan: Plan | null
  catalog: CatalogFeature[]
  onDelete: () => void
}

/** The super user's plan form, above the plans table: limits, value, term and a switch per module of the catalogue. */
export function PlanForm({ form, plan, catalog, onDelete }: Props) {
  const { t, i18n } = useTranslation()
  const { values: v, errors, set } = form
  const num = (key: 'users' | 'connections' | 'queues' | 'value', step = '1') => (
    <Field label={t(`settings.plans.${key}`)} htmlFor={`plan-${key}`} error={errors[key]}>
      <InputGroup id={`plan-${key}`} type="number" min={0} step={step} value={v[key]} onChange={(e) => set({ [key]: e.target.value })} intent={errors[key] ? 'danger' : 'none'} />
    </Field>
  )
  const label = (f: string) => labelIn(catalog.find((c) => c.feature === f)?.label, i18n.language, t(`features.${f}`, { defaultValue: f }))
  const actions = plan && <Button icon="trash" intent="danger" variant="outlined" text={t('common.delete')} onClick={onDelete} />
  return (
    <InlineForm form={form} title={plan ? t('settings.plans.formEdit') : t('settings.plans.formNew')} actions={actions}>
    <div className="zd-grid-4">
      <Field label={t('settings.plans.name')} htmlFor="plan-name" error={errors.name}>
        <InputGroup id="plan-name" value={v.name} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      {num('users')}
      {num('connections')}
      {num('queues')}
      {num('value', '0.01')}
      <Field label={t('settings.plans.term')} htmlFor="plan-term">
        <HTMLSelect id="plan-term" fill value={v.term} onChange={(e) => set({ term: e.target.value as PlanFormValues['term'] })}>
          <option value="MENSAL">{t('settings.plans.terms.MENSAL')}</option>
          <option value="ANUAL">{t('settings.plans.terms.ANUAL')}</option>
        </HTMLSelect>
      </Field>
      <Field label={t('settings.plans.bankPlanID')} htmlFor="plan-bank">
        <InputGroup id="plan-bank" value={v.bankPlanID} onChange={(e) => set({ bankPlanID: e.target.value })} />
      </Field>
    </div>
    {Object.keys(v.features).length > 0 && (
      <fieldset className="zd-feature-switches">
        <legend>{t('settings.plans.features')}</legend>
        {Object.keys(v.features).map((f) => (
          <Switch key={f} label={label(f)} checked={v.features[f]} onChange={(e) => set({ features: { ...v.features, [f]: e.currentTarget.checked } })} />
        ))}
      </fieldset>
    )}
    </InlineForm>
  )
}
