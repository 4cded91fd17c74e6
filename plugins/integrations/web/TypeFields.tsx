import { HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field, type FormState } from '@zapdesk/plugin-api/web'
import { LANGUAGES, type Integration } from './types.ts'
import type { IntegrationForm } from './rules.ts'

type Props = { form: FormState<IntegrationForm>; current?: Integration }

/** Dialogflow: project, language and the service-account JSON (5 rows; a stored one is kept when left empty). */
export function DialogflowFields({ form, current }: Props) {
  const { t } = useTranslation('integrations')
  const { values: v, errors, set } = form
  return (
    <>
      <div className="zd-integration-grid">
        <Field label={t('dialog.projectName')} htmlFor="integration-project" error={errors.projectName}>
          <InputGroup id="integration-project" value={v.projectName} autoFocus maxLength={100} onChange={(e) => set({ projectName: e.target.value })} intent={errors.projectName ? 'danger' : 'none'} />
        </Field>
        <Field label={t('dialog.language')} htmlFor="integration-language" error={errors.language}>
          <HTMLSelect id="integration-language" fill value={v.language} onChange={(e) => set({ language: e.target.value })}>
            <option value="">{t('dialog.chooseLanguage')}</option>
            {LANGUAGES.map((l) => <option key={l} value={l}>{t(`languages.${l}`)}</option>)}
          </HTMLSelect>
        </Field>
      </div>
      <Field label={t('dialog.jsonContent')} htmlFor="integration-json" error={errors.jsonContent} hint={current?.hasJsonContent ? t('dialog.jsonStored') : t('dialog.jsonHint')}>
        <TextArea id="integration-json" className="zd-integration-json" fill rows={5} value={v.jsonContent} onChange={(e) => set({ jsonContent: e.target.value })} intent={errors.jsonContent ? 'danger' : 'none'} />
      </Field>
    </>
  )
}

/** Typebot: the flow's public id, session length, pause between messages, keywords and texts. */
export function TypebotFields({ form }: Props) {
  const { t } = useTranslation('integrations')
  const { values: v, errors, set } = form
  const input = (key: keyof IntegrationForm, id: string, extra: { numeric?: boolean; max?: number } = {}) => (
    <Field label={t(`dialog.${key}`)} htmlFor={id} error={errors[key]}>
      <InputGroup id={id} value={v[key]} maxLength={extra.max ?? 100} inputMode={extra.numeric ? 'numeric' : undefined}
        onChange={(e) => set({ [key]: e.target.value } as Partial<IntegrationForm>)} intent={errors[key] ? 'danger' : 'none'} />
    </Field>
  )
  return (
    <>
      {input('typebotSlug', 'integration-slug', { max: 200 })}
      <div className="zd-integration-grid">
        {input('typebotExpires', 'integration-expires', { numeric: true, max: 5 })}
        {input('typebotDelayMessage', 'integration-delay', { numeric: true, max: 5 })}
        {input('typebotKeywordFinish', 'integration-finish')}
        {input('typebotKeywordRestart', 'integration-restart')}
      </div>
      {input('typebotUnknownMessage', 'integration-unknown', { max: 2000 })}
      {input('typebotRestartMessage', 'integration-restart-message', { max: 2000 })}
    </>
  )
}
