import { useState } from 'react'
import { Callout, HTMLSelect, InputGroup, Switch, Tab, Tabs, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, MediaUploadField, useForm, useSession, useUpload, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { Campaign } from '../types.ts'
import { bodyOf, checkCampaign, isEditable, valuesOf, VARIANTS, type CampaignValues } from './campaign-form.ts'
import { useChoices, type Choice } from './use-choices.ts'

const MEDIA_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp3,.ogg,.opus,.m4a,.mp4,.pdf,.txt,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip'

function Select({ id, label, value, choices, none, disabled, error, onChange }: { id: string; label: string; value: string; choices: Choice[]; none: string; disabled: boolean; error?: string; onChange: (v: string) => void }) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <HTMLSelect id={id} fill value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {choices.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </HTMLSelect>
    </Field>
  )
}

/** The spec's campaign dialog: editable only while the edit lock allows; five messages with their confirmations. */
export function CampaignDialog({ open, current, onClose, onSaved }: EditDialogProps<Campaign>) {
  const { t } = useTranslation('campaigns')
  const { user } = useSession()
  const timezone = user?.company?.timezone ?? 'America/Sao_Paulo'
  const choices = useChoices(open)
  const upload = useUpload()
  const [tab, setTab] = useState<string>('1')
  const editable = isEditable(current)
  const form = useForm<CampaignValues, Campaign>({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current, timezone), successText: t('campaigns.saved'), validate: checkCampaign,
    fieldCodes: { ERR_NO_WAPP_FOUND: 'whatsappId', ERR_NO_CONTACT_LIST_FOUND: 'contactListId', ERR_NO_FILE_FOUND: 'fileListId' },
    submit: async ({ media, ...v }) => {
      const body = bodyOf({ ...v, media })
      let saved = current ? await api.put<Campaign>(`/campaigns/${current.id}`, body) : await api.post<Campaign>('/campaigns', body)
      if (current?.mediaName && !media.saved && !media.file) saved = await api.del<Campaign>(`/campaigns/${saved.id}/media-upload`)
      if (media.file) {
        const data = new FormData()
        data.append('file', media.file)
        saved = await upload.send<Campaign>(`/campaigns/${saved.id}/media-upload`, data)
      }
      return saved
    },
  })
  const { values, errors, set } = form
  const off = !editable
  const setAt = (key: 'messages' | 'confirmations', i: number, text: string) => set({ [key]: values[key].map((m, j) => (j === i ? text : m)) } as Partial<CampaignValues>)
  return (
    <FormDialog form={form} title={!current ? t('dialog.addTitle') : editable ? t('dialog.editTitle') : t('dialog.viewTitle')} icon="send-message" className="zd-campaign-dialog"
      testId="campaign-form" saveTestId="campaign-save" saveDisabled={off}>
      {off && <Callout intent="warning" icon="lock" className="zd-campaign-dialog__lock">{t('dialog.readOnly')}</Callout>}
      <div className="zd-campaign-dialog__grid">
        <Field label={t('dialog.name')} htmlFor="cp-name" error={errors.name}>
          <InputGroup id="cp-name" value={values.name} autoFocus maxLength={50} disabled={off} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
        </Field>
        <Select id="cp-whatsapp" label={t('dialog.whatsapp')} value={values.whatsappId} choices={choices.connections} none={t('dialog.choose')} disabled={off} error={errors.whatsappId} onChange={(whatsappId) => set({ whatsappId })} />
        <Select id="cp-list" label={t('dialog.contactList')} value={values.contactListId} choices={choices.contactLists} none={t('common.none')} disabled={off} error={errors.contactListId} onChange={(contactListId) => set({ contactListId })} />
        <Select id="cp-tag" label={t('dialog.tagList')} value={values.tagListId} choices={choices.tags} none={t('common.none')} disabled={off} onChange={(tagListId) => set({ tagListId })} />
        <Select id="cp-files" label={t('dialog.fileList')} value={values.fileListId} choices={choices.fileLists} none={t('common.none')} disabled={off} error={errors.fileListId} onChange={(fileListId) => set({ fileListId })} />
        <Field label={t('dialog.scheduledAt')} htmlFor="cp-scheduled" hint={t('dialog.scheduledHint')}>
          <InputGroup id="cp-scheduled" type="datetime-local" value={values.scheduledAt} disabled={off} onChange={(e) => set({ scheduledAt: e.target.value })} />
        </Field>
      </div>
      <Switch checked={values.confirmation} label={t('dialog.confirmation')} disabled={off} onChange={(e) => set({ confirmation: e.currentTarget.checked })} data-testid="campaign-confirmation" />
      <Tabs id="campaign-messages" selectedTabId={tab} onChange={(id) => setTab(String(id))} className="zd-campaign-dialog__tabs">
        {VARIANTS.map((n, i) => (
          <Tab key={n} id={String(n)} title={t('dialog.message', { n })} panel={(
            <>
              <Field label={t('dialog.message', { n })} htmlFor={`cp-message-${n}`} error={i === 0 ? errors.messages : undefined} hint={t('dialog.variablesHint')}>
                <TextArea id={`cp-message-${n}`} fill rows={4} value={values.messages[i]} disabled={off} maxLength={4096} onChange={(e) => setAt('messages', i, e.target.value)} />
              </Field>
              {values.confirmation && (
                <Field label={t('dialog.confirmationMessage', { n })} htmlFor={`cp-confirmation-${n}`} error={i === 0 ? errors.confirmations : undefined}>
                  <TextArea id={`cp-confirmation-${n}`} fill rows={3} value={values.confirmations[i]} disabled={off} maxLength={4096} onChange={(e) => setAt('confirmations', i, e.target.value)} />
                </Field>
              )}
            </>
          )} />
        ))}
      </Tabs>
      {!off && <MediaUploadField id="cp-media" label={t('dialog.media')} value={values.media} onChange={(media) => set({ media })} accept={MEDIA_ACCEPT} progress={upload.progress} testId="campaign-media" />}
    </FormDialog>
  )
}
