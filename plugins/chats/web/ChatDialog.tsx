import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, type EditDialogProps } from '@zapdesk/plugin-api/web'
import { checkChatForm, formValuesOf } from './chat-rules.ts'
import { UserMultiSelect } from './UserMultiSelect.tsx'
import type { Chat } from './types.ts'

/** `current` is edited by its owner only; absent starts a new conversation. */
interface Props extends EditDialogProps<Chat> {
  userId: number | undefined
}

/** New or edited conversation: a title and the users taking part (the owner always does). */
export function ChatDialog({ open, current, userId, onClose, onSaved }: Props) {
  const { t } = useTranslation('chats')
  const form = useForm({
    open, onClose, onSaved, resetKey: current?.id ?? 'new', initial: formValuesOf(current), validate: checkChatForm,
    successText: t('saved'), fieldCodes: {},
    submit: async (v) => {
      const body = { title: v.title.trim(), users: v.userIds.map((id) => ({ id })) }
      return current ? api.put<Chat>(`/chats/${current.uuid}`, body) : api.post<Chat>('/chats', body)
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.newTitle')} icon="chat" testId="chat-form" saveTestId="chat-save">
      <Field label={t('dialog.title')} htmlFor="chat-title" error={errors.title}>
        <InputGroup id="chat-title" value={values.title} autoFocus maxLength={255} onChange={(e) => set({ title: e.target.value })} intent={errors.title ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.users')} htmlFor="chat-users-filter" error={errors.userIds}>
        <UserMultiSelect id="chat-users-filter" selected={values.userIds ?? []} onChange={(userIds) => set({ userIds })} excludeId={current?.ownerId ?? userId} invalid={!!errors.userIds} />
      </Field>
    </FormDialog>
  )
}
