import { TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field } from '@zapdesk/plugin-api/web'
import type { ConnectionForm } from './connection-form.ts'

type MessageKey = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'ratingMessage'

const MESSAGES: MessageKey[] = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage']
/** Spec: the variables a message may use. */
const VARIABLES = '{{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{hora}}'

interface Props {
  values: ConnectionForm
  errors: Partial<Record<MessageKey, string>>
  onChange: (patch: Partial<ConnectionForm>) => void
}

/** The automatic messages of the connection. */
export function MessagesFields({ values, errors, onChange }: Props) {
  const { t } = useTranslation('connections')
  return (
    <>
      <p className="zd-muted">
        {t('dialog.variables')} <code>{VARIABLES}</code>
      </p>
      {MESSAGES.map((key) => (
        <Field key={key} label={t(`dialog.${key}`)} htmlFor={`connection-${key}`} error={errors[key]} hint={key === 'greetingMessage' ? t('dialog.greetingHint') : undefined}>
          <TextArea id={`connection-${key}`} name={key} fill autoResize rows={2} value={values[key]} intent={errors[key] ? 'danger' : 'none'} onChange={(e) => onChange({ [key]: e.target.value })} />
        </Field>
      ))}
    </>
  )
}
