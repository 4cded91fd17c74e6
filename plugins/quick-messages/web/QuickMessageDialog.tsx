import { InputGroup, Switch, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, MediaUploadField, useForm, useUpload, type EditDialogProps, type MediaValue } from '@zapdesk/plugin-api/web'
import type { QuickMessage } from './types.ts'

const MEDIA_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp3,.ogg,.oga,.opus,.m4a,.mp4,.pdf,.txt,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip'

interface Values {
  shortcode: string
  message: string
  geral: boolean
  status: boolean
  media: MediaValue
}

const valuesOf = (q?: QuickMessage): Values => q
  ? { shortcode: q.shortcode, message: q.message, geral: q.geral, status: q.status, media: { file: null, saved: q.mediaName } }
  : { shortcode: '', message: '', geral: false, status: true, media: { file: null, saved: null } }

/** Saves the text first, then the chosen file (the upload needs the message's id), with the upload's progress. */
export function QuickMessageDialog({ open, current, onClose, onSaved }: EditDialogProps<QuickMessage>) {
  const { t } = useTranslation('quick-messages')
  const upload = useUpload()
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: t('saved'),
    validate: (v) => (v.shortcode.trim() ? {} : { shortcode: 'quick-messages:dialog.required' }),
    submit: async ({ media, ...v }) => {
      const body = { ...v, shortcode: v.shortcode.trim() }
      let saved = current ? await api.put<QuickMessage>(`/quick-messages/${current.id}`, body) : await api.post<QuickMessage>('/quick-messages', body)
      if (current?.mediaName && !media.saved && !media.file) saved = await api.del<QuickMessage>(`/quick-messages/${saved.id}/media-upload`)
      if (media.file) {
        const data = new FormData()
        data.append('typeArch', 'quickMessage')
        data.append('file', media.file)
        saved = await upload.send<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, data)
      }
      return saved
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="flash" testId="quick-message-form" saveTestId="quick-message-save">
      <Field label={t('dialog.shortcode')} htmlFor="qm-shortcode" error={errors.shortcode} hint={t('dialog.shortcodeHint')}>
        <InputGroup id="qm-shortcode" leftIcon="slash" value={values.shortcode} autoFocus maxLength={100} onChange={(e) => set({ shortcode: e.target.value.replace(/^\//, '') })} intent={errors.shortcode ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.message')} htmlFor="qm-message">
        <TextArea id="qm-message" fill rows={5} value={values.message} maxLength={10_000} onChange={(e) => set({ message: e.target.value })} />
      </Field>
      <Switch checked={values.geral} label={t('dialog.geral')} onChange={(e) => set({ geral: e.currentTarget.checked })} data-testid="qm-geral" />
      <Switch checked={values.status} label={t('dialog.status')} onChange={(e) => set({ status: e.currentTarget.checked })} />
      <MediaUploadField id="qm-file" label={t('dialog.attachment')} value={values.media} onChange={(media) => set({ media })} accept={MEDIA_ACCEPT} progress={upload.progress} testId="qm-file" />
    </FormDialog>
  )
}
