import { useEffect, useState } from 'react'
import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { User } from '../../api/types.ts'
import { validateUserForm, type UserFormValues } from '../../lib/validation.ts'
import { loadFormOptions } from '../../modules/registry.ts'
import type { FormOption } from '../../modules/types.ts'
import { ACTIONS } from '../../session/permissions.ts'
import { useSession } from '../../session/use-session.ts'
import { Field } from '../../ui/Field.tsx'
import { PasswordInput } from '../../ui/PasswordInput.tsx'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import { useForm } from '../../ui/crud/use-form.ts'
import { RoleFields, type RoleValues } from './RoleFields.tsx'

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

const EMPTY: UserFormValues & RoleValues = { name: '', email: '', password: '', profile: 'user', allTicket: 'desabled', whatsappId: null, queueIds: [] }

const valuesOf = (u: User): typeof EMPTY => ({
  name: u.name, email: u.email, password: '', profile: u.profile, allTicket: u.allTicket ?? 'desabled', whatsappId: u.whatsappId ?? null, queueIds: (u.queues ?? []).map((q) => q.id),
})

export function UserDialog({ open, userId, company, title, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { user: me, can } = useSession()
  const [queues, setQueues] = useState<FormOption[] | null>(null)
  const [connections, setConnections] = useState<FormOption[] | null>(null)
  const isNew = userId == null
  const editRole = can(ACTIONS.editProfile)
  const editQueues = can(ACTIONS.editQueues)

  // The queue and connection choices belong to their modules; without one, its field is left out.
  useEffect(() => {
    if (!open) return
    if (editQueues) void loadFormOptions('user.queueIds').then(setQueues)
    if (editRole) void loadFormOptions('user.whatsappId').then(setConnections)
  }, [open, editQueues, editRole])

  const form = useForm({
    open, onClose, onSaved, resetKey: userId, successText: t('users.saved'),
    initial: isNew ? EMPTY : () => api.get<User>(`/users/${userId}`).then(valuesOf),
    validate: (v) => validateUserForm(v, isNew),
    fieldCodes: { ERR_DUPLICATED_EMAIL: 'email' },
    submit: (v) => {
      const payload: Record<string, unknown> = { name: v.name.trim(), email: v.email.trim() }
      if (v.password) payload.password = v.password
      if (editRole) Object.assign(payload, { profile: v.profile, allTicket: v.allTicket, whatsappId: v.whatsappId })
      if (editQueues && queues) payload.queueIds = v.queueIds
      if (company) payload.companyId = company.id
      else if (!isNew && me) payload.companyId = me.companyId
      return isNew ? api.post<User>('/users', payload) : api.put<User>(`/users/${userId}`, payload)
    },
  })
  const { values, errors, set } = form
  const heading = title ?? (company ? t('users.dialog.companyTitle', { company: company.name }) : isNew ? t('users.dialog.addTitle') : t('users.dialog.editTitle'))
  return (
    <FormDialog form={form} title={heading} icon={isNew ? 'new-person' : 'edit'} saveTestId="user-save">
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
    </FormDialog>
  )
}
