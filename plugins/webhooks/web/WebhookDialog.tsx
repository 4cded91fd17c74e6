import { useEffect, useState } from 'react'
import { Button, InputGroup, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { EventGroup, Webhook } from './types.ts'
import { checkWebhook, payloadOf, randomSecret, valuesOf } from './rules.ts'
import { EventChoice } from './EventChoice.tsx'

/** Register or edit an endpoint: its name, address, signing secret (never shown back), the events and on/off. */
export function WebhookDialog({ open, current, onClose, onSaved }: EditDialogProps<Webhook>) {
  const { t } = useTranslation('webhooks')
  const [groups, setGroups] = useState<EventGroup[]>([])
  useEffect(() => {
    if (open && !groups.length) void api.get<{ groups: EventGroup[] }>('/webhooks/events').then((a) => setGroups(a.groups), () => setGroups([]))
  }, [open, groups.length])
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: t('saved'),
    validate: (v) => checkWebhook(v, current),
    fieldCodes: { ERR_WEBHOOK_URL_INVALID: 'url', ERR_WEBHOOK_URL_NOT_ALLOWED: 'url' },
    submit: (v) => (current ? api.put<Webhook>(`/webhooks/${current.id}`, payloadOf(v)) : api.post<Webhook>('/webhooks', payloadOf(v))),
  })
  const { values: v, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="send-to-graph" testId="webhook-form" saveTestId="webhook-save">
      <Field label={t('dialog.name')} htmlFor="webhook-name" error={errors.name}>
        <InputGroup id="webhook-name" value={v.name} autoFocus maxLength={100} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.url')} htmlFor="webhook-url" error={errors.url} hint={t('dialog.urlHint')}>
        <InputGroup id="webhook-url" value={v.url} maxLength={500} placeholder="https://" inputMode="url" onChange={(e) => set({ url: e.target.value })} intent={errors.url ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.secret')} htmlFor="webhook-secret" error={errors.secret} hint={current?.hasSecret ? t('dialog.secretStored') : t('dialog.secretHint')}>
        <InputGroup id="webhook-secret" value={v.secret} maxLength={200} autoComplete="off" spellCheck={false} onChange={(e) => set({ secret: e.target.value })}
          intent={errors.secret ? 'danger' : 'none'}
          rightElement={<Button variant="minimal" icon="refresh" text={t('dialog.generate')} onClick={() => set({ secret: randomSecret() })} data-testid="webhook-generate" />} />
      </Field>
      <Field label={t('dialog.events')} error={errors.events}>
        <EventChoice groups={groups} value={v.events} onChange={(events) => set({ events })} />
      </Field>
      <Switch label={t('dialog.enabled')} checked={v.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} data-testid="webhook-enabled" />
    </FormDialog>
  )
}
