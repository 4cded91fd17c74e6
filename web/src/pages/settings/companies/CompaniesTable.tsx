import { HTMLTable, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Company } from '../../../api/types.ts'
import { formatDate } from '../../../lib/dates.ts'
import { maskPhone } from '../../../lib/masks.ts'
import { dueDateRowTone } from '../../../session/subscription.ts'

interface Props {
  companies: Company[]
  selectedId?: number
  onSelect: (c: Company) => void
}

export function CompaniesTable({ companies, selectedId, onSelect }: Props) {
  const { t } = useTranslation()
  const yes = (b: boolean) => (b ? t('common.yes') : t('common.no'))
  return (
    <>
      <div className="zd-table-card zd-table-card--auto">
        <HTMLTable interactive className="zd-table" data-testid="companies-table">
          <thead>
            <tr>
              <th>{t('settings.companies.name')}</th>
              <th className="zd-hide-narrow">{t('settings.companies.email')}</th>
              <th className="zd-hide-narrow">{t('settings.companies.phone')}</th>
              <th>{t('settings.companies.plan')}</th>
              <th className="zd-hide-narrow">{t('settings.companies.campaigns')}</th>
              <th>{t('settings.companies.status')}</th>
              <th className="zd-hide-narrow">{t('settings.companies.createdAt')}</th>
              <th>{t('settings.companies.dueDate')}</th>
              <th className="zd-hide-narrow">{t('settings.companies.recurrence')}</th>
            </tr>
          </thead>
          <tbody>
            {companies.map((c) => {
              const tone = dueDateRowTone(c.dueDate)
              return (
                <tr key={c.id} className={`${tone ? `zd-due-${tone}` : ''}${c.id === selectedId ? ' is-selected' : ''}`} onClick={() => onSelect(c)} data-tone={tone ?? undefined}>
                  <td><strong>{c.name}</strong></td>
                  <td className="zd-hide-narrow">{c.email}</td>
                  <td className="zd-hide-narrow">{c.phone ? maskPhone(c.phone) : '—'}</td>
                  <td>{c.plan?.name ?? '—'}</td>
                  <td className="zd-hide-narrow">{yes(!!c.campaignsEnabled)}</td>
                  <td><Tag minimal round intent={c.status ? 'success' : 'none'}>{yes(!!c.status)}</Tag></td>
                  <td className="zd-hide-narrow">{formatDate(c.createdAt)}</td>
                  <td>{formatDate(c.dueDate) || '—'}</td>
                  <td className="zd-hide-narrow">{c.recurrence ? t(`settings.companies.recurrences.${c.recurrence}`) : '—'}</td>
                </tr>
              )
            })}
          </tbody>
        </HTMLTable>
      </div>
      <div className="zd-legend">
        <span><i className="zd-due-soon" /> {t('settings.companies.legend.soon')}</span>
        <span><i className="zd-due-due" /> {t('settings.companies.legend.due')}</span>
        <span><i className="zd-due-expired" /> {t('settings.companies.legend.expired')}</span>
      </div>
    </>
  )
}
