import { Callout, HTMLTable, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { SheetImportDialog } from '@zapdesk/plugin-api/web'
import type { ImportAnswer } from './types.ts'

interface Props {
  open: boolean
  onClose: () => void
  onImported: () => void
}

/** Long results are cut on screen (the counts stay exact): a 10k-row import must not render 10k table rows. */
const SHOWN = 200

/** The spec's .xlsx, and .csv so that an export imports back (the server refuses anything else too). */
export function ImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useTranslation('contacts')
  const reason = (key: string, fallback: string) => t(`importDialog.reasons.${key}`, { defaultValue: fallback })
  const texts = {
    title: t('importDialog.title'), resultTitle: t('importDialog.resultTitle'), intro: t('importDialog.intro'), choose: t('importDialog.choose'),
    wrongType: t('importDialog.onlyXlsx'), running: t('importDialog.running'),
  }
  return (
    <SheetImportDialog<ImportAnswer> open={open} onClose={onClose} path="/contacts/import" accept=".xlsx,.csv" texts={texts} onImported={onImported}
      testIds={{ file: 'contacts-import-file', close: 'contacts-import-close', result: 'contacts-import-result' }}
      renderResult={(result) => (
        <>
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
        </>
      )} />
  )
}
