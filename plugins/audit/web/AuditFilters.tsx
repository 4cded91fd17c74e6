import { useEffect, useState } from 'react'
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, toastError } from '@zapdesk/plugin-api/web'
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../server/kinds.ts'
import { NO_FILTERS, type Actor, type Filters } from './types.ts'

interface Props {
  value: Filters
  onChange: (next: Filters) => void
  /** Super users filter by company too, and see every company's actors. */
  isSuper: boolean
}

/** The log's filters: text, who, what, which action, from/to days, and (super users) the company. */
export function AuditFilters({ value, onChange, isSuper }: Props) {
  const { t } = useTranslation('audit')
  const [actors, setActors] = useState<Actor[]>([])
  const [companies, setCompanies] = useState<{ id: number; name: string }[]>([])
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch })

  useEffect(() => {
    const ac = new AbortController()
    api.get<Actor[]>('/audit/actors', { query: { companyId: value.companyId || undefined }, signal: ac.signal })
      .then(setActors, (err) => !ac.signal.aborted && toastError(err))
    return () => ac.abort()
  }, [value.companyId])
  useEffect(() => {
    if (!isSuper) return
    const ac = new AbortController()
    api.get<{ id: number; name: string }[]>('/companies/list', { signal: ac.signal })
      .then((list) => setCompanies([...list].sort((a, b) => a.name.localeCompare(b.name))), (err) => !ac.signal.aborted && toastError(err))
    return () => ac.abort()
  }, [isSuper])

  const dirty = JSON.stringify(value) !== JSON.stringify(NO_FILTERS)
  return (
    <div className="zd-audit-filters" data-testid="audit-filters">
      <InputGroup type="search" leftIcon="search" placeholder={t('filters.search')} aria-label={t('filters.search')} value={value.search}
        onChange={(e) => set({ search: e.target.value })} className="zd-audit-filters__search" data-testid="audit-search" />
      {isSuper && (
        <HTMLSelect aria-label={t('filters.company')} value={value.companyId} onChange={(e) => set({ companyId: e.target.value, userId: '' })} data-testid="audit-company">
          <option value="">{t('filters.allCompanies')}</option>
          {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </HTMLSelect>
      )}
      <HTMLSelect aria-label={t('filters.who')} value={value.userId} onChange={(e) => set({ userId: e.target.value })} data-testid="audit-who">
        <option value="">{t('filters.everyone')}</option>
        {actors.map((a) => <option key={a.userId} value={a.userId}>{a.userName}</option>)}
      </HTMLSelect>
      <HTMLSelect aria-label={t('filters.what')} value={value.kind} onChange={(e) => set({ kind: e.target.value })} data-testid="audit-kind">
        <option value="">{t('filters.everything')}</option>
        {AUDIT_KINDS.map((k) => <option key={k} value={k}>{t(`kinds.${k}`)}</option>)}
      </HTMLSelect>
      <HTMLSelect aria-label={t('filters.action')} value={value.action} onChange={(e) => set({ action: e.target.value })} data-testid="audit-action">
        <option value="">{t('filters.anyAction')}</option>
        {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{t(`actions.${a}`)}</option>)}
      </HTMLSelect>
      <label className="zd-audit-filters__date">
        <span>{t('filters.from')}</span>
        <InputGroup type="date" value={value.from} max={value.to || undefined} onChange={(e) => set({ from: e.target.value })} data-testid="audit-from" />
      </label>
      <label className="zd-audit-filters__date">
        <span>{t('filters.to')}</span>
        <InputGroup type="date" value={value.to} min={value.from || undefined} onChange={(e) => set({ to: e.target.value })} data-testid="audit-to" />
      </label>
      {dirty && <Button variant="minimal" icon="filter-remove" text={t('filters.clear')} onClick={() => onChange(NO_FILTERS)} data-testid="audit-clear" />}
    </div>
  )
}
