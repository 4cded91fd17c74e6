import { useEffect, useState } from 'react'
import { HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field, loadFormOptions, type FormOption } from '@zapdesk/plugin-api/web'
import { ColorPalette } from './ColorPalette.tsx'
import type { QueueForm, QueueFormErrors } from './queue-form.ts'

interface Props {
  values: QueueForm
  errors: QueueFormErrors
  takenColors: string[]
  onChange: (patch: Partial<QueueForm>) => void
}

/** The 'Dados da Fila' tab. */
export function QueueFields({ values, errors, takenColors, onChange }: Props) {
  const { t } = useTranslation('queues')
  // null: no prompts module (or its list could not be read): the field is left out and the queue's prompt kept.
  const [prompts, setPrompts] = useState<FormOption[] | null>(null)
  // The same for the integrations module.
  const [integrations, setIntegrations] = useState<FormOption[] | null>(null)
  useEffect(() => {
    let live = true
    void loadFormOptions('queue.promptId').then((list) => live && setPrompts(list))
    void loadFormOptions('queue.integrationId').then((list) => live && setIntegrations(list))
    return () => { live = false }
  }, [])
  return (
    <>
      <div className="zd-grid-2">
        <Field label={t('dialog.name')} htmlFor="queue-name" error={errors.name}>
          <InputGroup id="queue-name" name="name" value={values.name} autoFocus intent={errors.name ? 'danger' : 'none'} onChange={(e) => onChange({ name: e.target.value })} />
        </Field>
        <Field label={t('dialog.orderQueue')} htmlFor="queue-order" error={errors.orderQueue} hint={t('dialog.orderHint')}>
          <InputGroup id="queue-order" name="orderQueue" inputMode="numeric" value={values.orderQueue} onChange={(e) => onChange({ orderQueue: e.target.value.replace(/\D/g, '') })} />
        </Field>
      </div>
      <Field label={t('dialog.color')} htmlFor="queue-color" error={errors.color}>
        <ColorPalette value={values.color} taken={takenColors} onChange={(color) => onChange({ color })} />
      </Field>
      <Field label={t('dialog.greetingMessage')} htmlFor="queue-greeting">
        <TextArea id="queue-greeting" name="greetingMessage" fill autoResize rows={3} value={values.greetingMessage} onChange={(e) => onChange({ greetingMessage: e.target.value })} />
      </Field>
      <Field label={t('dialog.outOfHoursMessage')} htmlFor="queue-out-of-hours">
        <TextArea id="queue-out-of-hours" name="outOfHoursMessage" fill autoResize rows={2} value={values.outOfHoursMessage} onChange={(e) => onChange({ outOfHoursMessage: e.target.value })} />
      </Field>
      {integrations && (
        <Field label={t('dialog.integration')} htmlFor="queue-integration">
          <HTMLSelect id="queue-integration" fill value={values.integrationId ?? ''} onChange={(e) => onChange({ integrationId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('dialog.noIntegration')}</option>
            {integrations.map((i) => <option key={i.id} value={i.id}>{i.name}</option>)}
          </HTMLSelect>
        </Field>
      )}
      {prompts && (
        <Field label={t('dialog.prompt')} htmlFor="queue-prompt">
          <HTMLSelect id="queue-prompt" fill value={values.promptId ?? ''} onChange={(e) => onChange({ promptId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('dialog.noPrompt')}</option>
            {prompts.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </HTMLSelect>
        </Field>
      )}
    </>
  )
}
