import { useEffect, useState, type FormEvent } from 'react'
import { Button, Card, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Company, Plan } from '../../../api/types.ts'
import { maskPhone } from '../../../lib/masks.ts'
import { hasErrors, type Errors } from '../../../lib/validation.ts'
import { Field } from '../../../ui/Field.tsx'
import { RECURRENCES, companyToForm, emptyCompany, validateCompany, type CompanyFormValues } from './company-form.ts'

interface Props {
  company: Company | null
  plans: Plan[]
  busy: string | null
  onSubmit: (values: CompanyFormValues) => void
  onClear: () => void
  onDelete: () => void
  onAddPeriod: () => void
  onAddUser: () => void
}

export function CompanyForm({ company, plans, busy, onSubmit, onClear, onDelete, onAddPeriod, onAddUser }: Props) {
  const { t } = useTranslation()
  const [v, setV] = useState<CompanyFormValues>(emptyCompany)
  const [errors, setErrors] = useState<Errors<CompanyFormValues>>({})
  useEffect(() => {
    setV(company ? companyToForm(company) : emptyCompany)
    setErrors({})
  }, [company])
  const set = (patch: Partial<CompanyFormValues>) => setV((x) => ({ ...x, ...patch }))
  const yesNo = (value: boolean, onChange: (b: boolean) => void, id: string) => (
    <HTMLSelect id={id} fill value={value ? 'true' : 'false'} onChange={(e) => onChange(e.target.value === 'true')}>
      <option value="true">{t('common.yes')}</option>
      <option value="false">{t('common.no')}</option>
    </HTMLSelect>
  )

  function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateCompany(v)
    setErrors(found)
    if (!hasErrors(found)) onSubmit(v)
  }

  return (
    <Card className="zd-section-card">
      <h2 className="zd-section-title">{company ? t('settings.companies.formEdit') : t('settings.companies.formNew')}</h2>
      <form onSubmit={submit} noValidate>
        <div className="zd-grid-4">
          <Field label={t('settings.companies.name')} htmlFor="company-name" error={errors.name}>
            <InputGroup id="company-name" value={v.name} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
          </Field>
          <Field label={t('settings.companies.email')} htmlFor="company-email" error={errors.email}>
            <InputGroup id="company-email" type="email" value={v.email} onChange={(e) => set({ email: e.target.value })} intent={errors.email ? 'danger' : 'none'} />
          </Field>
          <Field label={t('settings.companies.phone')} htmlFor="company-phone">
            <InputGroup id="company-phone" type="tel" value={maskPhone(v.phone)} placeholder="(99) 99999-9999" onChange={(e) => set({ phone: maskPhone(e.target.value) })} />
          </Field>
          <Field label={t('settings.companies.plan')} htmlFor="company-plan" error={errors.planId}>
            <HTMLSelect id="company-plan" fill value={v.planId} onChange={(e) => set({ planId: e.target.value })}>
              <option value="">—</option>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>{p.name}</option>
              ))}
            </HTMLSelect>
          </Field>
          <Field label={t('settings.companies.status')} htmlFor="company-status">{yesNo(v.status, (status) => set({ status }), 'company-status')}</Field>
          <Field label={t('settings.companies.campaigns')} htmlFor="company-campaigns">{yesNo(v.campaignsEnabled, (campaignsEnabled) => set({ campaignsEnabled }), 'company-campaigns')}</Field>
          <Field label={t('settings.companies.dueDate')} htmlFor="company-due">
            <InputGroup id="company-due" type="date" value={v.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
          </Field>
          <Field label={t('settings.companies.recurrence')} htmlFor="company-recurrence">
            <HTMLSelect id="company-recurrence" fill value={v.recurrence} onChange={(e) => set({ recurrence: e.target.value as CompanyFormValues['recurrence'] })}>
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>{t(`settings.companies.recurrences.${r}`)}</option>
              ))}
            </HTMLSelect>
          </Field>
        </div>
        <div className="zd-form-actions">
          {company && (
            <>
              <Button icon="trash" intent="danger" variant="outlined" text={t('common.delete')} onClick={onDelete} />
              <Button icon="calendar" variant="outlined" text={t('settings.companies.addPeriod')} loading={busy === 'period'} onClick={onAddPeriod} />
              <Button icon="new-person" variant="outlined" text={t('settings.companies.user')} onClick={onAddUser} />
            </>
          )}
          <span className="zd-spacer" />
          <Button text={t('common.clear')} variant="minimal" onClick={onClear} />
          <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy === 'save'} />
        </div>
      </form>
    </Card>
  )
}
