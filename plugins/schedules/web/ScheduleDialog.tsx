import { InputGroup, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, MediaUploadField, useForm, useUpload, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { ContactOption, Schedule } from './types.ts'
import { checkSchedule, valuesOf } from './rules.ts'
import { ContactPicker } from './ContactPicker.tsx'

interface Props extends EditDialogProps<Schedule> {
  /** A new schedule's contact, chosen already (the contacts page's schedule button). */
  contact?: ContactOption | null
}

const MEDIA_ACCEPT = '.png,.jpg,.jpeg'

/** Saves the schedule, then its picture: uploaded when one was chosen, removed when the saved one was taken away. */
export function ScheduleDialog({ open, current, contact = null, onClose, onSaved }: Props) {
  const { t } = useTranslation('schedules')
  const upload = useUpload()
  const form = useForm({
    open, onClose, onSaved, resetKey: current?.id ?? `new-${contact?.id ?? ''}`, initial: valuesOf(current, contact), successText: t('saved'),
    validate: (v) => checkSchedule(v),
    fieldCodes: { ERR_SCHEDULE_PAST: 'sendAt', ERR_NO_CONTACT_FOUND: 'contact' },
    submit: async (v) => {
      const body = { body: v.body.trim(), contactId: v.contact!.id, sendAt: new Date(v.sendAt).toISOString() }
      let saved = current ? await api.put<Schedule>(`/schedules/${current.id}`, body) : await api.post<Schedule>('/schedules', body)
      if (v.media.file) {
        const data = new FormData()
        data.append('file', v.media.file)
        saved = await upload.send<Schedule>(`/schedules/${saved.id}/media-upload`, data)
      } else if (!v.media.saved && saved.mediaName) {
        saved = await api.del<Schedule>(`/schedules/${saved.id}/media-upload`)
      }
      return saved
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="calendar" testId="schedule-form" saveTestId="schedule-save">
      <Field label={t('dialog.contact')} htmlFor="sc-contact" error={errors.contact}>
        <ContactPicker id="sc-contact" value={values.contact} onChange={(c) => set({ contact: c })} invalid={Boolean(errors.contact)} />
      </Field>
      <Field label={t('dialog.body')} htmlFor="sc-body" error={errors.body}>
        <TextArea id="sc-body" fill rows={4} value={values.body} maxLength={10_000} onChange={(e) => set({ body: e.target.value })} intent={errors.body ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.sendAt')} htmlFor="sc-send-at" error={errors.sendAt}>
        <InputGroup id="sc-send-at" type="datetime-local" value={values.sendAt} onChange={(e) => set({ sendAt: e.target.value })} intent={errors.sendAt ? 'danger' : 'none'} />
      </Field>
      <MediaUploadField id="sc-media" label={t('dialog.media')} value={values.media} accept={MEDIA_ACCEPT} onChange={(media) => set({ media })} progress={upload.progress} testId="schedule-media" />
    </FormDialog>
  )
}
