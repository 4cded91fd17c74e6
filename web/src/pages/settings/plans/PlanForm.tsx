import { useEffect, useState, type FormEvent } from 'react'
import { Button, Card, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { CatalogFeature, Plan } from '../../../api/types.ts'
import { hasErrors, type Errors } from '../../../lib/validation.ts'
import { Field } from '../../../ui/Field.tsx'
import { labelIn } from '../../../i18n/languages.ts'
import { emptyPlan, planToForm, validatePlan, type PlanFormValues } from './plan-form.ts'

interface Props {
  plan: Plan | null
  catalog: CatalogFeature[]
  busy: boolean
  onSubmit: (v: PlanFormValues) => void
  onClear: () => void
  onDelete: () => void
}

export function PlanForm({ plan, catalog, busy, onSubmit, onClear, onDelete }: Props) {
  const { t, i18n } = useTranslation()
  const features = catalog.map((c) => c.feature)
  const [v, setV] = useState<PlanFormValues>(() => emptyPlan(features))
  const [errors, setErrors] = useState<Errors<PlanFormValues>>({})
  const featureKey = features.join(',')
  useEffect(() => {
    const list = featureKey ? featureKey.split(',') : []
    setV(plan ? planToForm(plan, list) : emptyPlan(list))
    setErrors({})
  }, [plan, featureKey])
  const set = (patch: Partial<PlanFormValues>) => setV((x) => ({ ...x, ...patch }))
  const num = (key: 'users' | 'connections' | 'queues' | 'value', step = '1') => (
    <Field label={t(`settings.plans.${key}`)} htmlFor={`plan-${key}`} error={errors[key]}>
      <InputGroup id={`plan-${key}`} type="number" min={0} step={step} value={v[key]} onChange={(e) => set({ [key]: e.target.value })} intent={errors[key] ? 'danger' : 'none'} />
    </Field>
  )
  const label = (f: string) => labelIn(catalog.find((c) => c.feature === f)?.label, i18n.language, t(`features.${f}`, { defaultValue: f }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const found = validatePlan(v)
    setErrors(found)
    if (!hasErrors(found)) onSubmit(v)
  }

  return (
    <Card className="zd-section-card">
      <h2 className="zd-section-title">{plan ? t('settings.plans.formEdit') : t('settings.plans.formNew')}</h2>
      <form onSubmit={submit} noValidate>
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
        <div className="zd-form-actions">
          {plan && <Button icon="trash" intent="danger" variant="outlined" text={t('common.delete')} onClick={onDelete} />}
          <span className="zd-spacer" />
          <Button text={t('common.clear')} variant="minimal" onClick={onClear} />
          <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} />
        </div>
      </form>
    </Card>
  )
}
