import { useRef, useState, type ReactNode } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, FileInput, ProgressBar, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { toastError, toastWarning } from '../toaster.ts'
import { useUpload } from './use-upload.ts'

export interface SheetImportTexts {
  title: string
  resultTitle: string
  intro: ReactNode
  choose: string
  /** Shown (a warning toast) for a file of another type. */
  wrongType: string
  /** While the server reads and writes the rows. */
  running: string
}

export interface SheetImportDialogProps<R> {
  open: boolean
  onClose: () => void
  /** Where the file goes (multipart `file`). */
  path: string
  /** The picker's types, e.g. '.xls,.xlsx'; a chosen file of another type is refused before it is sent. */
  accept: string
  texts: SheetImportTexts
  /** The server's answer drawn (added rows, refused rows). */
  renderResult: (result: R) => ReactNode
  onImported?: (result: R) => void
  testIds?: { file?: string; close?: string; result?: string }
}

/**
 * A spreadsheet import of the CRUD kit: pick a file, follow its upload, wait while the server reads it, then the
 * module's own result (what was added, which lines were refused and why). Closing is held while it runs.
 */
export function SheetImportDialog<R>({ open, onClose, path, accept, texts, renderResult, onImported, testIds }: SheetImportDialogProps<R>) {
  const { t } = useTranslation()
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<R | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const upload = useUpload()
  const types = accept.split(',').map((x) => x.trim().toLowerCase())

  function close() {
    if (running) return
    setResult(null)
    onClose()
  }

  async function send(file: File | undefined) {
    if (!file) return
    if (!types.some((x) => file.name.toLowerCase().endsWith(x))) return toastWarning(texts.wrongType)
    const form = new FormData()
    form.append('file', file)
    setRunning(true)
    try {
      const answer = await upload.send<R>(path, form)
      setResult(answer)
      onImported?.(answer)
    } catch (e) {
      toastError(e)
    } finally {
      setRunning(false)
      if (input.current) input.current.value = ''
    }
  }

  const uploading = running && upload.progress != null && upload.progress < 1
  return (
    <Dialog isOpen={open} onClose={close} title={result ? texts.resultTitle : texts.title} icon="import" className="zd-dialog" style={{ width: 640 }}>
      <DialogBody>
        {uploading ? (
          <div className="zd-media-field__progress" role="progressbar" aria-valuenow={Math.round(upload.progress! * 100)} aria-label={t('media.uploading')}>
            <ProgressBar value={upload.progress!} intent="primary" />
            <span className="zd-muted">{t('media.progress', { percent: Math.round(upload.progress! * 100) })}</span>
          </div>
        ) : running ? (
          <div className="zd-table-loading"><Spinner size={32} /><span style={{ marginLeft: 12 }}>{texts.running}</span></div>
        ) : result === null ? (
          <>
            <p className="zd-muted">{texts.intro}</p>
            <FileInput fill text={texts.choose} buttonText={t('media.browse')} inputProps={{ accept, ref: input, 'aria-label': texts.choose } as never}
              onInputChange={(e) => void send((e.target as HTMLInputElement).files?.[0])} data-testid={testIds?.file} />
          </>
        ) : (
          <div data-testid={testIds?.result}>{renderResult(result)}</div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={close} disabled={running} data-testid={testIds?.close} />} />
    </Dialog>
  )
}
