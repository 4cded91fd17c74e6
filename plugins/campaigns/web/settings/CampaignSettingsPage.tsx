import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, InlineForm, PageHeader, PageSpinner, useForm } from '@zapdesk/plugin-api/web'
import { variableKeyError } from '../rules.ts'
import '../campaigns.css'

/** The spec's option lists (seconds) and defaults 20 / 20 / 60. */
const MESSAGE_INTERVALS = [0, 5, 10, 15, 20]
const LONG_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]

interface Values {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  variables: Array<{ key: string; value: string }>
}

async function load(): Promise<Values> {
  const entries = await api.get<Array<{ key: string; value: string }>>('/campaign-settings')
  const out: Values = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] }
  for (const e of entries) (out as unknown as Record<string, unknown>)[e.key] = JSON.parse(e.value)
  return out
}

/** The spec's /campaigns-config: the sender's intervals and the company's own campaign variables. */
export default function CampaignSettingsPage() {
  const { t } = useTranslation('campaigns')
  const form = useForm<Values, unknown>({
    open: true, onClose: () => undefined, initial: load, successText: t('settings.saved'),
    validate: (v) => {
      const bad = v.variables.some((x, i) => variableKeyError(x.key, v.variables.filter((_, j) => j !== i).map((o) => o.key)))
      return bad ? { variables: 'campaigns:settings.keyInvalid' } : {}
    },
    submit: (v) => api.post('/campaign-settings', { settings: { ...v, variables: v.variables.map((x) => ({ key: x.key.trim(), value: x.value })) } }),
  })
  const { values, set } = form
  const setVar = (i: number, patch: Partial<Values['variables'][number]>) => set({ variables: values.variables.map((x, j) => (j === i ? { ...x, ...patch } : x)) })
  const select = (key: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', options: number[], unit: 'seconds' | 'messages') => (
    <Field label={t(`settings.${key}`)} htmlFor={`cs-${key}`}>
      <HTMLSelect id={`cs-${key}`} fill value={values[key]} onChange={(e) => set({ [key]: Number(e.target.value) } as Partial<Values>)}>
        {options.map((o) => <option key={o} value={o}>{t(`settings.${unit}`, { count: o })}</option>)}
      </HTMLSelect>
    </Field>
  )
  if (form.loading || !values?.variables) return <PageSpinner />
  return (
    <div className="zd-page">
      <PageHeader title={t('settings.title')} />
      <div className="zd-campaign-settings">
        <InlineForm form={form} title={t('settings.intervals')} noClear testId="campaign-settings-form" saveTestId="campaign-settings-save" saveText={t('common.save')}>
          <div className="zd-campaign-settings__intervals">
            {select('messageInterval', MESSAGE_INTERVALS, 'seconds')}
            {select('longerIntervalAfter', LONG_OPTIONS, 'messages')}
            {select('greaterInterval', LONG_OPTIONS, 'seconds')}
          </div>
          <h3 className="zd-section-title">{t('settings.variables')}</h3>
          <p className="zd-muted">{t('settings.variablesHint')}</p>
          {values.variables.length === 0 && <p className="zd-muted" data-testid="campaign-variables-empty">{t('settings.noVariables')}</p>}
          {values.variables.map((x, i) => {
            const error = variableKeyError(x.key, values.variables.filter((_, j) => j !== i).map((o) => o.key))
            return (
              <div key={i} className="zd-campaign-settings__var" data-variable={i}>
                <Field label={t('settings.key')} htmlFor={`cs-key-${i}`} error={x.key || form.errors.variables ? error : null}>
                  <InputGroup id={`cs-key-${i}`} value={x.key} maxLength={40} leftElement={<span className="zd-muted" style={{ padding: '6px 0 0 8px' }}>{'{'}</span>}
                    rightElement={<span className="zd-muted" style={{ padding: '6px 8px 0 0' }}>{'}'}</span>} onChange={(e) => setVar(i, { key: e.target.value })} intent={(x.key || form.errors.variables) && error ? 'danger' : 'none'} />
                </Field>
                <Field label={t('settings.value')} htmlFor={`cs-value-${i}`}>
                  <InputGroup id={`cs-value-${i}`} value={x.value} maxLength={1000} onChange={(e) => setVar(i, { value: e.target.value })} />
                </Field>
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t('settings.removeVariable')} title={t('settings.removeVariable')} style={{ marginTop: 22 }}
                  onClick={() => set({ variables: values.variables.filter((_, j) => j !== i) })} />
              </div>
            )
          })}
          <Button icon="add" variant="outlined" text={t('settings.addVariable')} disabled={values.variables.length >= 50}
            onClick={() => set({ variables: [...values.variables, { key: '', value: '' }] })} data-testid="campaign-variable-add" />
        </InlineForm>
      </div>
    </div>
  )
}
