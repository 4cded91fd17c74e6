import { Checkbox, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field } from '@zapdesk/plugin-api/web'
import type { Option } from './types.ts'
import { digits, type ConnectionErrors, type ConnectionForm, type NumberField } from './connection-form.ts'

interface Props {
  values: ConnectionForm
  errors: ConnectionErrors
  queues: Option[] | null
  prompts: Option[] | null
  integrations?: Option[] | null
  onChange: (patch: Partial<ConnectionForm>) => void
}

const idOf = (value: string): number | null => (value ? Number(value) : null)

/** Queues, transfer, automatic closing, the queue bot's limits, the integration and the AI prompt (when their modules exist). */
export function RoutingFields({ values, errors, queues, prompts, integrations, onChange }: Props) {
  const { t } = useTranslation('connections')
  const toggle = (id: number) => onChange({ queueIds: values.queueIds.includes(id) ? values.queueIds.filter((q) => q !== id) : [...values.queueIds, id] })
  const number = (key: NumberField) => (
    <Field label={t(`dialog.${key}`)} htmlFor={`connection-${key}`} error={errors[key]} hint={key === 'expiresTicket' ? t('dialog.expiresHint') : undefined}>
      <InputGroup id={`connection-${key}`} name={key} inputMode="numeric" value={values[key]} intent={errors[key] ? 'danger' : 'none'} onChange={(e) => onChange({ [key]: digits(e.target.value) })} />
    </Field>
  )
  return (
    <>
      {queues && (
        <Field label={t('dialog.queues')}>
          {queues.length === 0 ? (
            <p className="zd-muted">{t('dialog.noQueues')}</p>
          ) : (
            <div className="zd-queue-picks" data-testid="connection-queues">
              {queues.map((q) => (
                <Checkbox key={q.id} checked={values.queueIds.includes(q.id)} onChange={() => toggle(q.id)} className="zd-queue-pick">
                  <span className="zd-swatch" style={{ background: q.color }} /> {q.name}
                </Checkbox>
              ))}
            </div>
          )}
        </Field>
      )}
      {queues && (
        <div className="zd-grid-2">
          <Field label={t('dialog.transferQueue')} htmlFor="connection-transfer-queue">
            <HTMLSelect id="connection-transfer-queue" fill value={values.transferQueueId ?? ''} onChange={(e) => onChange({ transferQueueId: idOf(e.target.value) })}>
              <option value="">{t('dialog.noTransfer')}</option>
              {queues.map((q) => (
                <option key={q.id} value={q.id}>{q.name}</option>
              ))}
            </HTMLSelect>
          </Field>
          {number('timeToTransfer')}
        </div>
      )}
      {integrations && (
        <Field label={t('dialog.integration')} htmlFor="connection-integration">
          <HTMLSelect id="connection-integration" fill value={values.integrationId ?? ''} onChange={(e) => onChange({ integrationId: idOf(e.target.value) })}>
            <option value="">{t('dialog.noIntegration')}</option>
            {integrations.map((i) => (
              <option key={i.id} value={i.id}>{i.name}</option>
            ))}
          </HTMLSelect>
        </Field>
      )}
      {prompts && (
        <Field label={t('dialog.prompt')} htmlFor="connection-prompt">
          <HTMLSelect id="connection-prompt" fill value={values.promptId ?? ''} onChange={(e) => onChange({ promptId: idOf(e.target.value) })}>
            <option value="">{t('dialog.noPrompt')}</option>
            {prompts.map((p) => (
              <option key={p.id} value={p.id}>{p.name}</option>
            ))}
          </HTMLSelect>
        </Field>
      )}
      <div className="zd-grid-2">
        {number('timeUseBotQueues')}
        {number('maxUseBotQueues')}
      </div>
      {number('expiresTicket')}
      <Field label={t('dialog.expiresInactiveMessage')} htmlFor="connection-expires-message">
        <TextArea id="connection-expires-message" name="expiresInactiveMessage" fill autoResize rows={2} value={values.expiresInactiveMessage} onChange={(e) => onChange({ expiresInactiveMessage: e.target.value })} />
      </Field>
    </>
  )
}
