import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Company, Plan } from '../../../api/types.ts'
import { maskPhone } from '../../../lib/masks.ts'
import { Field } from '../../../ui/Field.tsx'
import { InlineForm } from '../../../ui/crud/InlineForm.tsx'
import type { FormState } from '../../../ui/crud/use-form.ts'
import { ADDRESS_FIELDS, RECURRENCES, type CompanyFormValues } from './company-form.ts'
import { TimezoneSelect } from '../../../ui/TimezoneSelect.tsx'

interface Props {
  form: FormState<CompanyFormValues>
  company: Company | null
  plans: Plan[]
  busy: string | null
  onDelete: () => void
  onAddPeriod: () => void
  onAddUser: () => void
}

/** The super user's company form, above the companies table: edit the picked company or add one. */
export function CompanyForm({ form, company, plans, busy, onDelete, onAddPeriod, onAddUser }: Props) {
  const { t } = useTranslation()
  const { values: v, errors, set } = form
  const yesNo = (value: boolean, onChange: (b: boolean) => void, id: string) => (
    <HTMLSelect id={id} fill value={value ? 'true' : 'false'} onChange={(e) => onChange(e.target.value === 'true')}>
      <option value="true">{t('common.yes')}</option>
      <option value="false">{t('common.no')}</option>
    </HTMLSelect>
  )
  const actions = company && (
    <>
      <Button icon="trash" intent="danger" variant="outlined" text={t('common.delete')} onClick={onDelete} />
      <Button icon="calendar" variant="outlined" text={t('settings.companies.addPeriod')} loading={busy === 'period'} onClick={onAddPeriod} />
      <Button icon="new-person" variant="outlined" text={t('settings.companies.user')} onClick={onAddUser} />
    </>
  )
  return (
    <InlineForm form={form} title={company ? t('settings.companies.formEdit') : t('settings.companies.formNew')} actions={actions}>
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
      <Field label={t('settings.companies.status')} htmlFor="company-status" hint={v.status ? undefined : t('settings.companies.statusHint')}>{yesNo(v.status, (status) => set({ status }), 'company-status')}</Field>
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
      <Field label={t('settings.companies.timezone')} htmlFor="company-timezone">
        <TimezoneSelect id="company-timezone" value={v.timezone} onChange={(timezone) => set({ timezone })} />
      </Field>
      <Field label={t('settings.companies.trialExpiration')} htmlFor="company-trial">
        <InputGroup id="company-trial" type="date" value={v.trialExpiration} onChange={(e) => set({ trialExpiration: e.target.value })} />
      </Field>
      {ADDRESS_FIELDS.map((f) => (
        <Field key={f} label={t(`settings.companies.${f}`)} htmlFor={`company-${f}`}>
          <InputGroup id={`company-${f}`} value={v[f]} maxLength={f === 'billingName' || f === 'addressStreet' ? 200 : f === 'addressZipCode' ? 20 : f === 'addressState' ? 50 : 100} onChange={(e) => set({ [f]: e.target.value })} />
        </Field>
      ))}
    </div>
    </InlineForm>
  )
}
