import { useCallback, useMemo, useState } from 'react'
import { Button, Tag, type Intent } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, DataTable, downloadCsv, formatDateTime, PageHeader, toastError, useDebouncedValue, usePagedList, useSession, type Column } from '@zapdesk/plugin-api/web'
import { AuditFilters } from './AuditFilters.tsx'
import { ChangesDialog } from './ChangesDialog.tsx'
import { queryOf } from './query.ts'
import { NO_FILTERS, type AuditEntry, type Filters } from './types.ts'
import './audit.css'

const INTENT: Record<AuditEntry['action'], Intent> = { created: 'success', updated: 'primary', deleted: 'danger' }

/** The audit log: who changed what and when, filtered, paged by scrolling; a row opens its before/after. */
export default function AuditPage() {
  const { t } = useTranslation('audit')
  const { user } = useSession()
  const isSuper = Boolean(user?.super)
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [open, setOpen] = useState<AuditEntry | null>(null)
  const [exporting, setExporting] = useState(false)
  // The text filter waits for a pause in typing; the others apply at once.
  const search = useDebouncedValue(filters.search)
  const query = useMemo(() => queryOf({ ...filters, search }), [filters, search])
  const key = JSON.stringify(query)
  const fetchPage = useCallback(async (page: number, _key: string, signal: AbortSignal) => {
    const answer = await api.get<{ entries: AuditEntry[]; count: number; hasMore: boolean }>('/audit', { query: { ...query, pageNumber: page }, signal })
    return { items: answer.entries, hasMore: answer.hasMore, count: answer.count }
  }, [query])
  const list = usePagedList<AuditEntry>(fetchPage, key, (e) => e.id)

  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadCsv('/audit/export.csv', query, 'audit')
    } catch (err) {
      toastError(err)
    } finally {
      setExporting(false)
    }
  }

  const columns: Column<AuditEntry>[] = [
    {
      // On a phone the "who" column is gone and its name sits under the time: the change itself keeps the room.
      key: 'when', header: t('columns.when'), cell: (e) => (
        <span className="zd-audit-when">
          <span className="zd-nowrap">{formatDateTime(e.createdAt ?? '')}</span>
          <small className="zd-audit-when__who zd-ellipsis">{e.userName}{e.companyName ? ` · ${e.companyName}` : ''}</small>
        </span>
      ),
    },
    {
      key: 'who', header: t('columns.who'), className: 'zd-hide-narrow', cell: (e) => (
        <span className="zd-audit-who">
          <span className="zd-ellipsis">{e.userName}</span>
          {e.companyName && <small className="zd-muted zd-ellipsis">{e.companyName}</small>}
        </span>
      ),
    },
    {
      key: 'what', header: t('columns.what'), cell: (e) => (
        <span className="zd-audit-what">
          <Tag minimal intent={INTENT[e.action]}>{t(`actions.${e.action}`)}</Tag>
          <span className="zd-ellipsis">{t(`kinds.${e.kind}`, { defaultValue: e.kind })}{e.label ? `: ${e.label}` : ''}</span>
        </span>
      ),
    },
    { key: 'fields', header: t('columns.fields'), cell: (e) => t('fieldCount', { count: Object.keys(e.changes).length }), className: 'zd-hide-narrow' },
    { key: 'ip', header: t('columns.ip'), cell: (e) => <code>{e.ip}</code>, className: 'zd-hide-narrow' },
  ]
  const filtered = key !== JSON.stringify(queryOf(NO_FILTERS))
  return (
    <div className="zd-page zd-page--fill zd-audit">
      <PageHeader
        title={t('title')} subtitle={isSuper ? t('subtitleSuper') : t('subtitle')}
        count={list.count != null ? t('count', { count: list.count }) : undefined}
        actions={<Button icon="download" text={t('export')} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export" />}
      />
      <AuditFilters value={filters} onChange={setFilters} isSuper={isSuper} />
      <DataTable<AuditEntry>
        list={list} columns={columns} rowKey={(e) => e.id} testId="audit-table"
        rowProps={(e) => ({
          'data-entry': e.id, 'data-kind': e.kind, className: 'zd-audit-row', tabIndex: 0, onClick: () => setOpen(e),
          onKeyDown: (ev) => { if (ev.key === 'Enter') setOpen(e) },
        })}
        actions={{ extra: (e) => <Button variant="minimal" icon="eye-open" aria-label={t('open')} title={t('open')} onClick={(ev) => { ev.stopPropagation(); setOpen(e) }} data-testid="audit-open" /> }}
        empty={{ icon: 'history', title: filtered ? t('emptyFiltered') : t('empty'), description: filtered ? undefined : t('emptyHint') }}
      />
      <ChangesDialog entry={open} onClose={() => setOpen(null)} />
    </div>
  )
}
