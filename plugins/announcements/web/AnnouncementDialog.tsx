import { HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, MediaUploadField, useForm, useUpload, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { Announcement, Priority } from './types.ts'
import { PRIORITIES } from './priority.ts'
import { checkAnnouncement, IMAGE_ACCEPT, valuesOf } from './rules.ts'

/** Saves the text first, then the image (the upload needs the announcement's id), with the upload's progress. */
export function AnnouncementDialog({ open, current, onClose, onSaved }: EditDialogProps<Announcement>) {
  const { t } = useTranslation('announcements')
  const upload = useUpload()
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: t('saved'), validate: checkAnnouncement,
    submit: async ({ media, ...v }) => {
      const body = { ...v, title: v.title.trim() }
      let saved = current ? await api.put<Announcement>(`/announcements/${current.id}`, body) : await api.post<Announcement>('/announcements', body)
      if (current?.mediaName && !media.saved && !media.file) saved = await api.del<Announcement>(`/announcements/${saved.id}/media-upload`)
      if (media.file) {
        const data = new FormData()
        data.append('typeArch', 'announcements')
        data.append('file', media.file)
        saved = await upload.send<Announcement>(`/announcements/${saved.id}/media-upload`, data)
      }
      return saved
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="announcement" testId="announcement-form" saveTestId="announcement-save">
      <Field label={t('dialog.title')} htmlFor="ann-title" error={errors.title}>
        <InputGroup id="ann-title" value={values.title} autoFocus maxLength={255} onChange={(e) => set({ title: e.target.value })} intent={errors.title ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.text')} htmlFor="ann-text" error={errors.text}>
        <TextArea id="ann-text" fill rows={5} value={values.text} maxLength={10_000} onChange={(e) => set({ text: e.target.value })} intent={errors.text ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.priority')} htmlFor="ann-priority">
        <HTMLSelect id="ann-priority" fill value={values.priority} onChange={(e) => set({ priority: Number(e.currentTarget.value) as Priority })}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
      </Field>
      <Switch checked={values.status} label={t('dialog.status')} onChange={(e) => set({ status: e.currentTarget.checked })} data-testid="ann-status" />
      <MediaUploadField id="ann-media" label={t('dialog.media')} value={values.media} onChange={(media) => set({ media })} accept={IMAGE_ACCEPT}
        progress={upload.progress} error={errors.media} testId="ann-media" />
    </FormDialog>
  )
}
