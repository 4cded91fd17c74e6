import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm } from '@zapdesk/plugin-api/web'
import type { Contact, ExtraInfo } from './types.ts'
import { maskContactNumber, validateContact } from './contact-form.ts'
import { ExtraInfoEditor } from './ExtraInfoEditor.tsx'

interface Props {
  open: boolean
  /** Edit this contact; absent creates one. */
  contactId?: number
  onClose: () => void
  onSaved?: (contact: Contact) => void
}

const EMPTY = { name: '', number: '', email: '', extraInfo: [] as ExtraInfo[] }

const valuesOf = (c: Contact) => ({ name: c.name, number: c.number ? maskContactNumber(c.number) : '', email: c.email ?? '', extraInfo: c.extraInfo ?? [] })

export function ContactDialog({ open, contactId, onClose, onSaved }: Props) {
  const { t } = useTranslation('contacts')
  const isNew = contactId == null
  const form = useForm({
    open, onClose, onSaved, resetKey: contactId, successText: t('saved'), validate: validateContact,
    initial: isNew ? EMPTY : () => api.get<Contact>(`/contacts/${contactId}`).then(valuesOf),
    fieldCodes: { ERR_DUPLICATED_CONTACT: 'number', ERR_WAPP_INVALID_CONTACT: 'number' },
    submit: (v) => {
      const payload = {
        name: v.name.trim(), number: v.number.replace(/\D/g, ''), email: v.email.trim(),
        extraInfo: v.extraInfo.filter((f) => f.name.trim()).map((f) => ({ name: f.name.trim(), value: f.value.trim() })),
      }
      return isNew ? api.post<Contact>('/contacts', payload) : api.put<Contact>(`/contacts/${contactId}`, payload)
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={isNew ? t('dialog.addTitle') : t('dialog.editTitle')} icon={isNew ? 'new-person' : 'edit'} testId="contact-form" saveTestId="contact-save">
      <div className="zd-grid-2">
        <Field label={t('dialog.name')} htmlFor="contact-name" error={errors.name}>
          <InputGroup id="contact-name" name="name" value={values.name} autoFocus onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
        </Field>
        <Field label={t('dialog.number')} htmlFor="contact-number" error={errors.number}>
          <InputGroup id="contact-number" name="number" inputMode="tel" placeholder="(99) 99999-9999" value={values.number}
            onChange={(e) => set({ number: maskContactNumber(e.target.value) })} intent={errors.number ? 'danger' : 'none'} />
        </Field>
      </div>
      <Field label={t('dialog.email')} htmlFor="contact-email" error={errors.email}>
        <InputGroup id="contact-email" name="email" type="email" value={values.email} onChange={(e) => set({ email: e.target.value })} intent={errors.email ? 'danger' : 'none'} />
      </Field>
      <ExtraInfoEditor value={values.extraInfo} onChange={(extraInfo) => set({ extraInfo })} />
    </FormDialog>
  )
}
