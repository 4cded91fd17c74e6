import { Dialog, DialogBody, HTMLTable, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '@zapdesk/plugin-api/web'
import { MASKED } from '../server/kinds.ts'
import { shown } from './query.ts'
import type { AuditEntry } from './types.ts'

/** One value cell: masked secrets say so, absent values (a field that did not exist on that side) show a dash. */
function Value({ value, present }: { value: unknown; present: boolean }) {
  const { t } = useTranslation('audit')
  if (present && value === MASKED) return <Tag minimal icon="lock" data-masked>{t('diff.masked')}</Tag>
  if (present && value === '') return <span className="zd-muted">{t('diff.empty')}</span>
  if (present && value === null) return <span className="zd-muted">{t('diff.none')}</span>
  const text = shown(value, present)
  return text === null ? <span className="zd-muted">—</span> : <span className="zd-audit-value">{text}</span>
}

/** An entry in full: who, when, from where, which route, and the changed fields before and after. */
export function ChangesDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation('audit')
  const fields = Object.entries(entry?.changes ?? {})
  return (
    <Dialog isOpen={entry !== null} onClose={onClose} icon="history" className="zd-dialog zd-audit-dialog"
      title={entry ? t('diff.title', { kind: t(`kinds.${entry.kind}`, { defaultValue: entry.kind }), action: t(`actions.${entry.action}`) }) : ''}>
      {entry && (
        <DialogBody>
          <dl className="zd-audit-facts" data-testid="audit-facts">
            <dt>{t('diff.who')}</dt><dd>{entry.userName}{entry.companyName ? ` · ${entry.companyName}` : ''}</dd>
            <dt>{t('diff.when')}</dt><dd>{formatDateTime(entry.createdAt ?? '')}</dd>
            <dt>{t('diff.where')}</dt><dd>{entry.ip}</dd>
            <dt>{t('diff.what')}</dt><dd>{entry.label ?? '—'}{entry.resourceId ? ` (#${entry.resourceId})` : ''}</dd>
            <dt>{t('diff.route')}</dt><dd className="zd-audit-route">{entry.method} {entry.route}</dd>
          </dl>
          {fields.length === 0
            ? <p className="zd-muted" data-testid="audit-no-fields">{t('diff.noFields')}</p>
            : (
              <div className="zd-audit-diff">
                <HTMLTable compact striped className="zd-audit-diff__table" data-testid="audit-diff">
                  <thead><tr><th>{t('diff.field')}</th><th>{t('diff.before')}</th><th>{t('diff.after')}</th></tr></thead>
                  <tbody>
                    {fields.map(([field, change]) => (
                      <tr key={field} data-field={field}>
                        <td className="zd-audit-field">{field}</td>
                        <td className="zd-audit-before"><Value value={change.before} present={'before' in change} /></td>
                        <td className="zd-audit-after"><Value value={change.after} present={'after' in change} /></td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
        </DialogBody>
      )}
    </Dialog>
  )
}
