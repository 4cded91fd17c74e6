import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, PageSpinner, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import type { Contact, ExtraInfo } from './types.ts'
import { maskContactNumber, validateContact, type ContactErrors } from './contact-form.ts'
import { ExtraInfoEditor } from './ExtraInfoEditor.tsx'

interface Props {
  open: boolean
  /** Edit this contact; absent creates one. */
  contactId?: number
  onClose: () => void
  onSaved?: (contact: Contact) => void
}

const empty = { name: '', number: '', email: '' }

export function ContactDialog({ open, contactId, onClose, onSaved }: Props) {
  const { t } = useTranslation('contacts')
  const [values, setValues] = useState(empty)
  const [extra, setExtra] = useState<ExtraInfo[]>([])
  const [errors, setErrors] = useState<ContactErrors>({})
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const isNew = contactId == null

  useEffect(() => {
    if (!open) return
    setValues(empty)
    setExtra([])
    setErrors({})
    if (isNew) return
    setLoading(true)
    api.get<Contact>(`/contacts/${contactId}`)
      .then((c) => {
        setValues({ name: c.name, number: c.number ? maskContactNumber(c.number) : '', email: c.email ?? '' })
        setExtra(c.extraInfo ?? [])
      })
      .catch((e) => {
        toastError(e)
        closeRef.current()
      })
      .finally(() => setLoading(false))
  }, [open, contactId, isNew])

  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateContact(values)
    setErrors(found)
    if (Object.keys(found).length) return
    const payload = {
      name: values.name.trim(), number: values.number.replace(/\D/g, ''), email: values.email.trim(),
      extraInfo: extra.filter((f) => f.name.trim()).map((f) => ({ name: f.name.trim(), value: f.value.trim() })),
    }
    setSaving(true)
    try {
      const saved = isNew ? await api.post<Contact>('/contacts', payload) : await api.put<Contact>(`/contacts/${contactId}`, payload)
      toastSuccess(t('saved'))
      onSaved?.(saved)
      onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog isOpen={open} onClose={onClose} title={isNew ? t('dialog.addTitle') : t('dialog.editTitle')} icon={isNew ? 'new-person' : 'edit'} className="zd-dialog">
      <form onSubmit={submit} noValidate data-testid="contact-form">
        <DialogBody>
          {loading ? (
            <PageSpinner />
          ) : (
            <>
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
              <ExtraInfoEditor value={extra} onChange={setExtra} />
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('core:common.cancel')} onClick={onClose} variant="minimal" />
              <Button type="submit" intent="primary" text={t('core:common.save')} loading={saving} disabled={loading} data-testid="contact-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
