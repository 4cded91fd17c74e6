import { useState } from 'react'
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, toastError, toastSuccess, useForm, type EditDialogProps } from '@zapdesk/plugin-api/web'
import { TYPES, type Integration } from './types.ts'
import { checkIntegration, payloadOf, valuesOf } from './rules.ts'
import { DialogflowFields, TypebotFields } from './TypeFields.tsx'
import { DeliveryLog } from './DeliveryLog.tsx'
import './integrations.css'

/** Add or edit an integration (medium width): fields by type; Test (Dialogflow only), Cancel and OK. */
export function IntegrationDialog({ open, current, onClose, onSaved }: EditDialogProps<Integration>) {
  const { t } = useTranslation('integrations')
  const [testing, setTesting] = useState(false)
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: current ? t('edited') : t('added'),
    validate: (v) => checkIntegration(v, current),
    fieldCodes: { ERR_INTEGRATION_URL_NOT_ALLOWED: 'urlN8N' },
    submit: (v) => (current ? api.put<Integration>(`/queueIntegration/${current.id}`, payloadOf(v)) : api.post<Integration>('/queueIntegration', payloadOf(v))),
  })
  const { values: v, errors, set } = form
  const test = async () => {
    setTesting(true)
    try {
      await api.post('/queueIntegration/testSession', { projectName: v.projectName.trim(), jsonContent: v.jsonContent.trim(), language: v.language })
      toastSuccess(t('testOk'))
    } catch (err) {
      toastError(err)
    } finally {
      setTesting(false)
    }
  }
  const posts = v.type === 'n8n' || v.type === 'webhook'
  const canTest = v.type === 'dialogflow' && Boolean(v.projectName.trim() && v.jsonContent.trim() && v.language)
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="data-connection"
      testId="integration-form" saveTestId="integration-save" saveText={t('dialog.ok')}
      footerInfo={v.type === 'dialogflow'
        ? <Button text={t('dialog.test')} icon="play" onClick={() => void test()} loading={testing} disabled={!canTest} data-testid="integration-test" />
        : undefined}>
      <Field label={t('dialog.type')} htmlFor="integration-type">
        <HTMLSelect id="integration-type" fill value={v.type} onChange={(e) => set({ type: e.target.value as typeof v.type })}>
          {TYPES.map((type) => <option key={type} value={type}>{t(`types.${type}`)}</option>)}
        </HTMLSelect>
      </Field>
      {v.type === 'dialogflow' ? <DialogflowFields form={form} current={current} /> : (
        <>
          <Field label={t('dialog.name')} htmlFor="integration-name" error={errors.name}>
            <InputGroup id="integration-name" value={v.name} autoFocus maxLength={100} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
          </Field>
          <Field label={t(`dialog.url.${v.type}`)} htmlFor="integration-url" error={errors.urlN8N}>
            <InputGroup id="integration-url" value={v.urlN8N} maxLength={500} placeholder="https://" onChange={(e) => set({ urlN8N: e.target.value })} intent={errors.urlN8N ? 'danger' : 'none'} />
          </Field>
        </>
      )}
      {posts && (
        <Field label={t('dialog.secret')} htmlFor="integration-secret" error={errors.secret} hint={current?.hasSecret ? t('dialog.secretStored') : t('dialog.secretHint')}>
          <InputGroup id="integration-secret" type="password" autoComplete="off" value={v.secret} maxLength={200} onChange={(e) => set({ secret: e.target.value })} />
        </Field>
      )}
      {v.type === 'typebot' && <TypebotFields form={form} />}
      {posts && current && <DeliveryLog integrationId={current.id} />}
    </FormDialog>
  )
}
