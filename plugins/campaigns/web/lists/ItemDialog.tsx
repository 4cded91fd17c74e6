import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { ContactListItem } from '../types.ts'
import { emailError, nameError, numberError } from '../rules.ts'

interface Props extends EditDialogProps<ContactListItem> {
  contactListId: number
}

export function ItemDialog({ open, contactListId, current, onClose, onSaved }: Props) {
  const { t } = useTranslation('campaigns')
  const form = useForm({
    open, onClose, onSaved, resetKey: current, successText: t('items.saved'),
    initial: { name: current?.name ?? '', number: current?.number ?? '', email: current?.email ?? '' },
    validate: (v) => {
      const errors: Partial<Record<'name' | 'number' | 'email', string>> = {}
      const n = nameError(v.name); if (n) errors.name = n
      const num = numberError(v.number); if (num) errors.number = num
      const e = emailError(v.email); if (e) errors.email = e
      return errors
    },
    submit: (v) => {
      const body = { name: v.name.trim(), number: v.number.trim(), email: v.email.trim() }
      return current ? api.put<ContactListItem>(`/contact-list-items/${current.id}`, body) : api.post<ContactListItem>('/contact-list-items', { ...body, contactListId })
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('items.dialog.editTitle') : t('items.dialog.addTitle')} icon="person" testId="contact-list-item-form" saveTestId="contact-list-item-save">
      <Field label={t('items.dialog.name')} htmlFor="cli-name" error={errors.name}>
        <InputGroup id="cli-name" value={values.name} autoFocus maxLength={50} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      <Field label={t('items.dialog.number')} htmlFor="cli-number" error={errors.number} hint={t('items.dialog.numberHint')}>
        <InputGroup id="cli-number" value={values.number} inputMode="tel" maxLength={50} onChange={(e) => set({ number: e.target.value })} intent={errors.number ? 'danger' : 'none'} />
      </Field>
      <Field label={t('items.dialog.email')} htmlFor="cli-email" error={errors.email}>
        <InputGroup id="cli-email" type="email" value={values.email} maxLength={255} onChange={(e) => set({ email: e.target.value })} intent={errors.email ? 'danger' : 'none'} />
      </Field>
    </FormDialog>
  )
}
