import { Button, FileInput, InputGroup, ProgressBar, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, Field, FormDialog, useForm, useUpload, type EditDialogProps } from '@zapdesk/plugin-api/web'
import type { FileList } from './types.ts'
import { checkFileList, valuesOf, type OptionRow } from './rules.ts'
import './files.css'

export const FILE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp3,.ogg,.oga,.opus,.m4a,.mp4,.pdf,.txt,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip'
const MAX_OPTIONS = 20

/** Saves the list and its options, then uploads the files chosen now in one request, with its progress. */
export function FileListDialog({ open, current, onClose, onSaved }: EditDialogProps<FileList>) {
  const { t } = useTranslation('files')
  const upload = useUpload()
  const form = useForm({
    open, onClose, onSaved, resetKey: current, initial: valuesOf(current), successText: t('saved'), validate: checkFileList,
    submit: async (v) => {
      const body = { name: v.name.trim(), message: v.message, options: v.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim() })) }
      const saved = current ? await api.put<FileList>(`/files/${current.id}`, body) : await api.post<FileList>('/files', body)
      const chosen = v.options.map((o, i) => ({ row: o, option: saved.options[i] })).filter((x) => x.row.file && x.option)
      if (!chosen.length) return saved
      const data = new FormData()
      data.append('fileId', String(saved.id))
      data.append('typeArch', 'fileList')
      for (const { row, option } of chosen) {
        data.append('files', row.file!)
        data.append('id', String(option.id))
        data.append('name', row.name.trim())
        data.append('mediaType', row.file!.type)
      }
      return upload.send<FileList>(`/files/uploadList/${saved.id}`, data)
    },
  })
  const { values, errors, set } = form
  const setOption = (i: number, patch: Partial<OptionRow>) => set({ options: values.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) })
  return (
    <FormDialog form={form} title={current ? t('dialog.editTitle') : t('dialog.addTitle')} icon="folder-open" testId="file-list-form" saveTestId="file-list-save">
      <Field label={t('dialog.name')} htmlFor="fl-name" error={errors.name}>
        <InputGroup id="fl-name" value={values.name} autoFocus maxLength={100} onChange={(e) => set({ name: e.target.value })} intent={errors.name ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.message')} htmlFor="fl-message" error={errors.message}>
        <TextArea id="fl-message" fill rows={3} value={values.message} maxLength={10_000} onChange={(e) => set({ message: e.target.value })} intent={errors.message ? 'danger' : 'none'} />
      </Field>
      <Field label={t('dialog.files', { count: values.options.length })} error={errors.options} hint={values.options.length ? undefined : t('dialog.noFiles')}>
        <div className="zd-file-options" data-testid="file-options">
          {values.options.map((o, i) => (
            <div key={o.id ?? `new-${i}`} className="zd-file-options__row" data-option-row={i}>
              <InputGroup value={o.name} placeholder={t('dialog.optionName')} aria-label={t('dialog.optionName')} maxLength={100} onChange={(e) => setOption(i, { name: e.target.value })} />
              <FileInput fill text={o.file?.name ?? o.saved ?? t('dialog.chooseFile')} hasSelection={Boolean(o.file ?? o.saved)} buttonText={t('dialog.browse')}
                inputProps={{ accept: FILE_ACCEPT, 'aria-label': t('dialog.chooseFile') } as never} disabled={upload.progress != null}
                onInputChange={(e) => {
                  const file = (e.target as HTMLInputElement).files?.[0] ?? null
                  setOption(i, { file, name: o.name || (file?.name.replace(/\.[^.]+$/, '') ?? '') })
                }} />
              <Button variant="minimal" icon="trash" intent="danger" title={t('dialog.removeFile')} aria-label={t('dialog.removeFile')}
                onClick={() => set({ options: values.options.filter((_, j) => j !== i) })} />
            </div>
          ))}
          <Button icon="add" variant="outlined" text={t('dialog.addFile')} disabled={values.options.length >= MAX_OPTIONS}
            onClick={() => set({ options: [...values.options, { name: '', saved: null, file: null }] })} data-testid="file-options-add" />
        </div>
      </Field>
      {upload.progress != null && (
        <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(upload.progress * 100)} aria-label={t('dialog.uploading')}>
          <ProgressBar value={upload.progress} intent="primary" stripes={upload.progress < 1} />
        </div>
      )}
    </FormDialog>
  )
}
