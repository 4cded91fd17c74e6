import { useEffect, useState } from 'react'
import { HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, loadFormOptions, useForm, type EditDialogProps, type FormOption } from '@zapdesk/plugin-api/web'
import type { Prompt } from './types.ts'
import { checkPrompt, NEURAL_VOICES, payloadOf, TEXT_VOICE, valuesOf } from './rules.ts'
import './prompts.css'

/** Add or edit a prompt: its text, the queue whose agents take over, the provider, the limits and the voice. */
export function PromptDialog({ open, current, onClose, onSaved }: EditDialogProps<Prompt>) {
  const { t } = useTranslation('prompts')
  const [queues, setQueues] = useState<FormOption[]>([])
  useEffect(() => {
    if (open) void loadFormOptions('prompt.queueId').then((list) => setQueues(list ?? []))
  }, [open])
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: t('saved'),
    validate: (v) => checkPrompt(v, current),
    fieldCodes: { ERR_NO_QUEUE_FOUND: 'queueId', ERR_PROMPT_VOICE_NOT_CONFIGURED: 'voiceKey', ERR_PROMPT_URL_NOT_ALLOWED: 'baseUrl' },
    submit: (v) => (current ? api.put<Prompt>(`/prompt/${current.id}`, payloadOf(v)) : api.post<Prompt>('/prompt', payloadOf(v))),
  })
  const { values: v, errors, set } = form
  const neural = v.voice !== TEXT_VOICE
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="predictive-analysis" testId="prompt-form" saveTestId="prompt-save">
      <Field label={t('dialog.name')} htmlFor="prompt-name" error={errors.name}>
        <InputGroup id="prompt-name" value={v.name} autoFocus maxLength={100} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.prompt')} htmlFor="prompt-text" error={errors.prompt} hint={t('dialog.promptHint')}>
        <TextArea id="prompt-text" fill rows={6} value={v.prompt} maxLength={20_000} onChange={(e) => set({ prompt: e.target.value })} intent={errors.prompt ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.queue')} htmlFor="prompt-queue" error={errors.queueId} hint={t('dialog.queueHint')}>
        <HTMLSelect id="prompt-queue" fill value={v.queueId ?? ''} onChange={(e) => set({ queueId: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('dialog.chooseQueue')}</option>
          {queues.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
        </HTMLSelect>
      </Field>
      <div className="zd-prompt-grid">
        <Field label={t('dialog.apiKey')} htmlFor="prompt-api-key" error={errors.apiKey} hint={current?.hasApiKey ? t('dialog.keyStored') : t('dialog.apiKeyHint')}>
          <InputGroup id="prompt-api-key" type="password" autoComplete="off" value={v.apiKey} maxLength={500} onChange={(e) => set({ apiKey: e.target.value })} />
        </Field>
        <Field label={t('dialog.model')} htmlFor="prompt-model" error={errors.model}>
          <InputGroup id="prompt-model" value={v.model} maxLength={100} onChange={(e) => set({ model: e.target.value })} />
        </Field>
      </div>
      <Field label={t('dialog.baseUrl')} htmlFor="prompt-base-url" error={errors.baseUrl} hint={t('dialog.baseUrlHint')}>
        <InputGroup id="prompt-base-url" value={v.baseUrl} maxLength={300} onChange={(e) => set({ baseUrl: e.target.value })} intent={errors.baseUrl ? 'danger' : 'none'} />
      </Field>
      <div className="zd-prompt-grid zd-prompt-grid--three">
        <Field label={t('dialog.maxTokens')} htmlFor="prompt-max-tokens" error={errors.maxTokens}>
          <InputGroup id="prompt-max-tokens" inputMode="numeric" value={v.maxTokens} onChange={(e) => set({ maxTokens: e.target.value })} />
        </Field>
        <Field label={t('dialog.temperature')} htmlFor="prompt-temperature" error={errors.temperature}>
          <InputGroup id="prompt-temperature" inputMode="decimal" value={v.temperature} onChange={(e) => set({ temperature: e.target.value })} />
        </Field>
        <Field label={t('dialog.maxMessages')} htmlFor="prompt-max-messages" error={errors.maxMessages}>
          <InputGroup id="prompt-max-messages" inputMode="numeric" value={v.maxMessages} onChange={(e) => set({ maxMessages: e.target.value })} />
        </Field>
      </div>
      <Field label={t('dialog.voice')} htmlFor="prompt-voice" hint={neural ? t('dialog.voiceHint') : undefined}>
        <HTMLSelect id="prompt-voice" fill value={v.voice} onChange={(e) => set({ voice: e.target.value })}>
          <option value={TEXT_VOICE}>{t('dialog.textVoice')}</option>
          {NEURAL_VOICES.map((name) => <option key={name} value={name}>{name.replace(/^pt-BR-|Neural$/g, '')}</option>)}
        </HTMLSelect>
      </Field>
      {neural && (
        <div className="zd-prompt-grid">
          <Field label={t('dialog.voiceKey')} htmlFor="prompt-voice-key" error={errors.voiceKey} hint={current?.hasVoiceKey ? t('dialog.keyStored') : undefined}>
            <InputGroup id="prompt-voice-key" type="password" autoComplete="off" value={v.voiceKey} maxLength={500} onChange={(e) => set({ voiceKey: e.target.value })} />
          </Field>
          <Field label={t('dialog.voiceRegion')} htmlFor="prompt-voice-region" error={errors.voiceRegion}>
            <InputGroup id="prompt-voice-region" placeholder="brazilsouth" value={v.voiceRegion} maxLength={40} onChange={(e) => set({ voiceRegion: e.target.value.toLowerCase() })} />
          </Field>
        </div>
      )}
      <Switch checked={v.transcribeAudio} label={t('dialog.transcribeAudio')} onChange={(e) => set({ transcribeAudio: (e.target as HTMLInputElement).checked })} />
    </FormDialog>
  )
}
