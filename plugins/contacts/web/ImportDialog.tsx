import { useRef, useState } from 'react'
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, ProgressBar, Spinner, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { toastError, toastWarning, useUpload } from '@zapdesk/plugin-api/web'
import type { ImportAnswer } from './types.ts'

interface Props {
  open: boolean
  onClose: () => void
  onImported: () => void
}

/** Long results are cut on screen (the counts stay exact): a 10k-row import must not render 10k table rows. */
const SHOWN = 200

export function ImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useTranslation('contacts')
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
    // The spec's .xlsx, and .csv so that an export imports back (the server refuses anything else too).
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      toastWarning(t('importDialog.onlyXlsx'))
      return
    }
    const form = new FormData()
    form.append('file', file)
    setRunning(true)
    try {
      setResult(await upload.send<ImportAnswer>('/contacts/import', form))
      onImported()
    } catch (e) {
      toastError(e)
    } finally {
      setRunning(false)
      if (input.current) input.current.value = ''
    }
  }

  const reason = (key: string, fallback: string) => t(`importDialog.reasons.${key}`, { defaultValue: fallback })
  return (
    <Dialog isOpen={open} onClose={close} title={result ? t('importDialog.resultTitle') : t('importDialog.title')} icon="import" className="zd-dialog" style={{ width: 640 }}>
      <DialogBody>
        {running && upload.progress != null && upload.progress < 1 ? (
          <div className="zd-media-field__progress" role="progressbar" aria-valuenow={Math.round(upload.progress * 100)} aria-label={t('core:media.uploading')}>
            <ProgressBar value={upload.progress} intent="primary" />
            <span className="zd-muted">{t('core:media.progress', { percent: Math.round(upload.progress * 100) })}</span>
          </div>
        ) : running ? (
          <div className="zd-table-loading"><Spinner size={32} /><span style={{ marginLeft: 12 }}>{t('importDialog.running')}</span></div>
        ) : !result ? (
          <>
            <p className="zd-muted">{t('importDialog.intro')}</p>
            <FileInput fill text={t('importDialog.choose')} buttonText={t('importDialog.browse')} inputProps={{ accept: '.xlsx,.csv', ref: input, 'aria-label': t('importDialog.choose') } as never}
              onInputChange={(e) => send((e.target as HTMLInputElement).files?.[0])} data-testid="contacts-import-file" />
          </>
        ) : (
          <div data-testid="contacts-import-result">
            <Callout intent={result.errorBag.length ? 'warning' : 'success'} icon={null}>
              <strong data-testid="import-added-count">{t('importDialog.added', { count: result.newContacts.length })}</strong>
              {' · '}
              <span data-testid="import-error-count">{t('importDialog.errors', { count: result.errorBag.length })}</span>
            </Callout>
            <Tabs id="import-result" renderActiveTabPanelOnly>
              <Tab id="added" title={t('importDialog.added', { count: result.newContacts.length })} panel={
                result.newContacts.length ? (
                  <HTMLTable compact striped className="zd-table">
                    <tbody>
                      {result.newContacts.slice(0, SHOWN).map((c) => <tr key={c.id}><td>{c.name}</td><td>{c.number}</td><td>{c.email}</td></tr>)}
                    </tbody>
                  </HTMLTable>
                ) : <p className="zd-muted">{t('importDialog.noneAdded')}</p>
              } />
              <Tab id="errors" title={t('importDialog.errors', { count: result.errorBag.length })} panel={
                result.errorBag.length ? (
                  <HTMLTable compact striped className="zd-table" data-testid="import-errors">
                    <tbody>
                      {result.errorBag.slice(0, SHOWN).map((e) => (
                        <tr key={`${e.row}-${e.reason}`}><td>{t('importDialog.row')} {e.row}</td><td>{e.name || e.number}</td><td>{reason(e.reason, e.message)}</td></tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                ) : <p className="zd-muted">{t('importDialog.noErrors')}</p>
              } />
            </Tabs>
            {Math.max(result.newContacts.length, result.errorBag.length) > SHOWN && <p className="zd-muted">{t('importDialog.more', { count: Math.max(result.newContacts.length, result.errorBag.length) - SHOWN })}</p>}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('core:common.close')} onClick={close} disabled={running} data-testid="contacts-import-close" />} />
    </Dialog>
  )
}
