import { Callout, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field } from '@zapdesk/plugin-api/web'
import { SANDBOX_PROVIDER, type Provider } from './types.ts'
import type { ConnectionErrors, ConnectionForm } from './connection-form.ts'

interface Props {
  values: ConnectionForm
  errors: ConnectionErrors
  providers: Provider[]
  isNew: boolean
  onChange: (patch: Partial<ConnectionForm>) => void
}

/** Name, connection type (driver) and default switch (the messages-API token has its own section: ApiTokenSection). */
export function GeneralFields({ values, errors, providers, isNew, onChange }: Props) {
  const { t } = useTranslation('connections')
  // a connection whose driver is not registered (plugin removed) still shows what it has
  const choices = providers.some((p) => p.provider === values.provider) ? providers : [...providers, { provider: values.provider, label: values.provider }]
  return (
    <>
      <div className="zd-grid-2">
        <Field label={t('dialog.name')} htmlFor="connection-name" error={errors.name}>
          <InputGroup id="connection-name" name="name" value={values.name} autoFocus maxLength={60} intent={errors.name ? 'danger' : 'none'} onChange={(e) => onChange({ name: e.target.value })} />
        </Field>
        <Field label={t('dialog.provider')} htmlFor="connection-provider" hint={isNew ? undefined : t('dialog.providerHint')}>
          <HTMLSelect id="connection-provider" name="provider" fill value={values.provider} onChange={(e) => onChange({ provider: e.target.value })}>
            {choices.map((p) => (
              <option key={p.provider} value={p.provider}>{t(`providers.${p.provider}`, { defaultValue: p.label })}</option>
            ))}
          </HTMLSelect>
        </Field>
      </div>
      {values.provider === SANDBOX_PROVIDER && (
        <Callout intent="warning" icon="lab-test" className="zd-conn-sandbox-hint">{t('dialog.sandboxHint')}</Callout>
      )}
      <Switch label={t('dialog.isDefault')} checked={values.isDefault} onChange={(e) => onChange({ isDefault: e.currentTarget.checked })} data-testid="connection-default" />
    </>
  )
}
