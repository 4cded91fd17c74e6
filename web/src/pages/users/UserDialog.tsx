import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { ConnectionOption, QueueOption, User } from '../../api/types.ts'
import { hasErrors, validateUserForm, type Errors, type UserFormValues } from '../../lib/validation.ts'
import { ACTIONS } from '../../session/permissions.ts'
import { useSession } from '../../session/use-session.ts'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import { Field } from '../../ui/Field.tsx'
import { PasswordInput } from '../../ui/PasswordInput.tsx'
import { PageSpinner } from '../../ui/PageSpinner.tsx'
import { RoleFields, type RoleValues } from './RoleFields.tsx'
import { loadConnectionOptions, loadQueueOptions } from './user-options.ts'

interface Props {
  open: boolean
  /** Edit this user; absent creates one. */
  userId?: number
  /** A super user adding a user to another company. */
  company?: { id: number; name: string }
  title?: string
  onClose: () => void
  onSaved?: (user: User) => void
}

const empty: UserFormValues & RoleValues = { name: '', email: '', password: '', profile: 'user', allTicket: 'desabled', whatsappId: null, queueIds: [] }

export function UserDialog({ open, userId, company, title, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { user: me, can } = useSession()
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<Errors<UserFormValues>>({})
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const [queues, setQueues] = useState<QueueOption[] | null>(null)
  const [connections, setConnections] = useState<ConnectionOption[] | null>(null)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const isNew = userId == null
  const editRole = can(ACTIONS.editProfile)
  const editQueues = can(ACTIONS.editQueues)

  useEffect(() => {
    if (!open) return
    setValues(empty)
    setErrors({})
    if (editQueues) void loadQueueOptions().then(setQueues)
    if (editRole) void loadConnectionOptions().then(setConnections)
    if (isNew) return
    setLoading(true)
    api
      .get<User>(`/users/${userId}`)
      .then((u) => setValues({ name: u.name, email: u.email, password: '', profile: u.profile, allTicket: u.allTicket ?? 'desabled', whatsappId: u.whatsappId ?? null, queueIds: (u.queues ?? []).map((q) => q.id) }))
      .catch((e) => {
        toastError(e)
        closeRef.current()
      })
      .finally(() => setLoading(false))
  }, [open, userId, isNew, editQueues, editRole])

  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateUserForm(values, isNew)
    setErrors(found)
    if (hasErrors(found)) return
    const payload: Record<string, unknown> = { name: values.name.trim(), email: values.email.trim() }
    if (values.password) payload.password = values.password
    if (editRole) Object.assign(payload, { profile: values.profile, allTicket: values.allTicket, whatsappId: values.whatsappId })
    if (editQueues && queues) payload.queueIds = values.queueIds
    if (company) payload.companyId = company.id
    else if (!isNew && me) payload.companyId = me.companyId
    setSaving(true)
    try {
      const saved = isNew ? await api.post<User>('/users', payload) : await api.put<User>(`/users/${userId}`, payload)
      toastSuccess(t('users.saved'))
      onSaved?.(saved)
      onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const heading = title ?? (company ? t('users.dialog.companyTitle', { company: company.name }) : isNew ? t('users.dialog.addTitle') : t('users.dialog.editTitle'))
  return (
    <Dialog isOpen={open} onClose={onClose} title={heading} icon={isNew ? 'new-person' : 'edit'} className="zd-dialog">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {loading ? (
            <PageSpinner />
          ) : (
            <>
              <div className="zd-grid-2">
                <Field label={t('users.name')} htmlFor="user-name" error={errors.name}>
                  <InputGroup id="user-name" name="name" value={values.name} autoFocus onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
                </Field>
                <Field label={t('users.email')} htmlFor="user-email" error={errors.email}>
                  <InputGroup id="user-email" name="email" type="email" value={values.email} onChange={(e) => set({ email: e.target.value })} intent={errors.email ? 'danger' : 'none'} />
                </Field>
              </div>
              <Field label={t('users.dialog.password')} htmlFor="user-password" error={errors.password} hint={isNew ? undefined : t('users.dialog.passwordKeep')}>
                <PasswordInput id="user-password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set({ password: e.target.value })} intent={errors.password ? 'danger' : 'none'} />
              </Field>
              <RoleFields values={values} onChange={set} editRole={editRole} editQueues={editQueues} queues={queues} connections={connections} />
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={onClose} variant="minimal" />
              <Button type="submit" intent="primary" text={t('common.save')} loading={saving} disabled={loading} data-testid="user-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
