import { useState, type FormEvent } from 'react'
import { Button, InputGroup } from '@blueprintjs/core'
import { api, Field, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import type { ContactDetailsData } from '../types.ts'
import { validateContactEdit, type ContactEditErrors } from '../drawer-forms.ts'
import { useConversationT } from '../i18n.ts'

interface Props {
  contact: ContactDetailsData
  onSaved: (contact: ContactDetailsData) => void
  onCancel: () => void
}

/** Edits the contact in place (PUT /contacts/:id); the extra information fields go back unchanged. */
export function ContactEditForm({ contact, onSaved, onCancel }: Props) {
  const t = useConversationT()
  const [values, setValues] = useState({ name: contact.name, number: contact.number ?? '', email: contact.email ?? '' })
  const [errors, setErrors] = useState<ContactEditErrors>({})
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateContactEdit(values)
    setErrors(found)
    if (Object.keys(found).length) return
    setSaving(true)
    try {
      const payload = {
        name: values.name.trim(), number: values.number.replace(/\D/g, ''), email: values.email.trim(),
        extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
      }
      const saved = await api.put<ContactDetailsData | undefined>(`/contacts/${contact.id}`, payload)
      toastSuccess(t('drawer.saved'))
      onSaved(saved && typeof saved === 'object' ? { ...contact, ...saved } : { ...contact, ...payload })
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const field = (key: keyof typeof values, type = 'text') => (
    <Field label={t(`drawer.${key}`)} htmlFor={`drawer-contact-${key}`} error={errors[key]}>
      <InputGroup id={`drawer-contact-${key}`} type={type} value={values[key]} intent={errors[key] ? 'danger' : 'none'}
        inputMode={key === 'number' ? 'tel' : undefined} onChange={(e) => set({ [key]: e.target.value })} data-testid={`drawer-contact-${key}`} />
    </Field>
  )

  return (
    <form className="zd-conv-contact-form" onSubmit={submit} noValidate data-testid="contact-edit-form">
      {field('name')}
      {field('number')}
      {field('email', 'email')}
      <div className="zd-conv-notes__actions">
        <Button variant="minimal" text={t('drawer.cancel')} onClick={onCancel} />
        <Button type="submit" intent="primary" text={t('drawer.save')} loading={saving} data-testid="drawer-contact-save" />
      </div>
    </form>
  )
}
