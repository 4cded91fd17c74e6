import { Callout, HTMLTable } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { SheetImportDialog } from '@zapdesk/plugin-api/web'
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
  const texts = { title: t('import.title'), resultTitle: t('import.resultTitle'), intro: t('import.intro'), choose: t('import.choose'), wrongType: t('import.onlyExcel'), running: t('import.running') }
  return (
    <SheetImportDialog<ImportAnswer> open={open} onClose={onClose} path={`/contact-lists/${contactListId}/upload`} accept=".xls,.xlsx" texts={texts} onImported={onImported}
      testIds={{ file: 'contact-list-import-file', close: 'contact-list-import-close', result: 'contact-list-import-result' }}
      renderResult={(result) => (
        <>
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
        </>
      )} />
  )
}
