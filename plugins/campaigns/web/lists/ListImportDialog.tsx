import { useRef, useState } from 'react'
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, ProgressBar, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { toastError, toastWarning, useUpload } from '@zapdesk/plugin-api/web'
import type { ImportAnswer } from '../types.ts'

interface Props {
  open: boolean
  contactListId: number
  onClose: () => void
  onImported: () => void
}

/** A 10k-row import must not draw 10k table rows: the count stays exact, the table shows the first ones. */
const SHOWN = 200

/** Imports an .xls/.xlsx into the list; shows how many were added and each refused line with its reason. */
export function ListImportDialog({ open, contactListId, onClose, onImported }: Props) {
  const { t } = useTranslation('campaigns')
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<ImportAnswer | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const upload = useUpload()

  function close() {
    if (running) return
    setResult(null)
    onClose()
  }

  async function send(file: File | undefined) {
    if (!file) return
    if (!/\.xlsx?$/i.test(file.name)) return toastWarning(t('import.onlyExcel'))
    const form = new FormData()
    form.append('file', file)
    setRunning(true)
    try {
      setResult(await upload.send<ImportAnswer>(`/contact-lists/${contactListId}/upload`, form))
      onImported()
    } catch (e) {
      toastError(e)
    } finally {
      setRunning(false)
      if (input.current) input.current.value = ''
    }
  }

  const uploading = running && upload.progress != null && upload.progress < 1
  return (
    <Dialog isOpen={open} onClose={close} title={result ? t('import.resultTitle') : t('import.title')} icon="import" className="zd-dialog" style={{ width: 600 }}>
      <DialogBody>
        {uploading ? (
          <div role="progressbar" aria-valuenow={Math.round((upload.progress ?? 0) * 100)} aria-label={t('import.running')}><ProgressBar value={upload.progress ?? 0} intent="primary" /></div>
        ) : running ? (
          <div className="zd-table-loading"><Spinner size={32} /><span style={{ marginLeft: 12 }}>{t('import.running')}</span></div>
        ) : !result ? (
          <>
            <p className="zd-muted">{t('import.intro')}</p>
            <FileInput fill text={t('import.choose')} buttonText={t('import.browse')} inputProps={{ accept: '.xls,.xlsx', ref: input, 'aria-label': t('import.choose') } as never}
              onInputChange={(e) => void send((e.target as HTMLInputElement).files?.[0])} data-testid="contact-list-import-file" />
          </>
        ) : (
          <div data-testid="contact-list-import-result">
            <Callout intent={result.errors.length ? 'warning' : 'success'} icon={null}>
              <strong data-testid="list-import-added">{t('import.added', { count: result.added })}</strong>
              {' · '}
              <span data-testid="list-import-errors">{t('import.errors', { count: result.errors.length })}</span>
              {result.added > 0 && <div className="zd-muted">{t('import.checking')}</div>}
            </Callout>
            {result.errors.length > 0 && (
              <HTMLTable compact striped className="zd-table zd-campaigns-import-errors" data-testid="list-import-error-rows">
                <tbody>
                  {result.errors.slice(0, SHOWN).map((e) => (
                    <tr key={e.line}><td>{t('import.line', { line: e.line })}</td><td>{e.name || e.number}</td><td>{t(`import.reasons.${e.reason}`, { defaultValue: e.reason })}</td></tr>
                  ))}
                  {result.errors.length > SHOWN && <tr><td colSpan={3} className="zd-muted">{t('import.more', { count: result.errors.length - SHOWN })}</td></tr>}
                </tbody>
              </HTMLTable>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('import.close')} onClick={close} disabled={running} data-testid="contact-list-import-close" />} />
    </Dialog>
  )
}
