import { Button, FileInput, ProgressBar } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { Field } from '../Field.tsx'

/** A file field's value: a file chosen now, or the name of the one already saved (both null: none). */
export interface MediaValue {
  file: File | null
  saved: string | null
}

export const NO_MEDIA: MediaValue = { file: null, saved: null }

interface Props {
  id: string
  label: string
  value: MediaValue
  onChange: (value: MediaValue) => void
  /** The file types offered by the picker, e.g. '.png,.pdf'. */
  accept?: string
  /** The share of the upload sent (0..1) while it runs (useUpload().progress). */
  progress?: number | null
  error?: string | null
  hint?: string
  testId?: string
}

/** A media field of the CRUD kit: pick a file, see the chosen or saved one, remove it, follow the upload's progress. */
export function MediaUploadField({ id, label, value, onChange, accept, progress, error, hint, testId }: Props) {
  const { t } = useTranslation()
  const name = value.file?.name ?? value.saved
  const uploading = progress != null
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <div className="zd-media-field">
        <FileInput fill text={name ?? t('media.choose')} hasSelection={Boolean(name)} buttonText={t('media.browse')} disabled={uploading}
          inputProps={{ id, accept } as never} data-testid={testId}
          onInputChange={(e) => onChange({ ...value, file: (e.target as HTMLInputElement).files?.[0] ?? null })} />
        {name && !uploading && (
          <Button variant="minimal" icon="trash" intent="danger" title={t('media.remove')} aria-label={t('media.remove')} onClick={() => onChange(NO_MEDIA)} />
        )}
      </div>
      {uploading && (
        <div className="zd-media-field__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} aria-label={t('media.uploading')}>
          <ProgressBar value={progress} intent="primary" stripes={progress < 1} />
          <span className="zd-muted">{t('media.progress', { percent: Math.round(progress * 100) })}</span>
        </div>
      )}
    </Field>
  )
}
