import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { ContactList } from '../types.ts'
import { nameError } from '../rules.ts'

export function ContactListDialog({ open, current, onClose, onSaved }: EditDialogProps<ContactList>) {
  const { t } = useTranslation('campaigns')
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: { name: current?.name ?? '' }, successText: t('lists.saved'),
    validate: (v) => { const e = nameError(v.name); return e ? { name: e } : {} },
    submit: (v) => (current ? api.put<ContactList>(`/contact-lists/${current.id}`, { name: v.name.trim() }) : api.post<ContactList>('/contact-lists', { name: v.name.trim() })),
  })
  return (
    <FormDialog form={form} title={current ? t('lists.dialog.editTitle') : t('lists.dialog.addTitle')} icon="th-list" testId="contact-list-form" saveTestId="contact-list-save">
      <Field label={t('lists.dialog.name')} htmlFor="cl-name" error={form.errors.name}>
        <InputGroup id="cl-name" value={form.values.name} autoFocus maxLength={50} onChange={(e) => form.set({ name: e.target.value })} intent={form.errors.name ? 'danger' : 'none'} />
      </Field>
    </FormDialog>
  )
}
