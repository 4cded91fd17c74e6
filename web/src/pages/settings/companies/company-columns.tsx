import { Tag } from '@blueprintjs/core'
import type { TFunction } from 'i18next'
import type { Company } from '../../../api/types.ts'
import { formatDate } from '../../../lib/dates.ts'
import { maskPhone } from '../../../lib/masks.ts'
import type { Column } from '../../../ui/crud/DataTable.tsx'

/** The companies table's columns (spec order); the narrow screen keeps name, plan, status and due date. */
export function companyColumns(t: TFunction): Column<Company>[] {
  const yes = (b: boolean) => (b ? t('common.yes') : t('common.no'))
  const narrow = 'zd-hide-narrow'
  return [
    { key: 'name', header: t('settings.companies.name'), cell: (c) => <strong>{c.name}</strong> },
    { key: 'email', header: t('settings.companies.email'), cell: (c) => c.email, className: narrow },
    { key: 'phone', header: t('settings.companies.phone'), cell: (c) => (c.phone ? maskPhone(c.phone) : '—'), className: narrow },
    { key: 'plan', header: t('settings.companies.plan'), cell: (c) => c.plan?.name ?? '—' },
    { key: 'campaigns', header: t('settings.companies.campaigns'), cell: (c) => yes(!!c.campaignsEnabled), className: narrow },
    { key: 'status', header: t('settings.companies.status'), cell: (c) => <Tag minimal round intent={c.status ? 'success' : 'none'}>{yes(!!c.status)}</Tag> },
    { key: 'createdAt', header: t('settings.companies.createdAt'), cell: (c) => formatDate(c.createdAt), className: narrow },
    { key: 'dueDate', header: t('settings.companies.dueDate'), cell: (c) => formatDate(c.dueDate) || '—' },
    { key: 'recurrence', header: t('settings.companies.recurrence'), cell: (c) => (c.recurrence ? t(`settings.companies.recurrences.${c.recurrence}`) : '—'), className: narrow },
  ]
}
