import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { Company, Plan } from '../../../api/types.ts'
import { formatDate } from '../../../lib/dates.ts'
import { dueDateRowTone } from '../../../session/subscription.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { toastError, toastSuccess } from '../../../ui/toaster.ts'
import { DataTable } from '../../../ui/crud/DataTable.tsx'
import { useConfirmDelete } from '../../../ui/crud/use-confirm-delete.ts'
import { useForm } from '../../../ui/crud/use-form.ts'
import { useWholeList } from '../../../ui/crud/use-whole-list.ts'
import { UserDialog } from '../../users/UserDialog.tsx'
import { companyPayload, companyToForm, emptyCompany, validateCompany } from './company-form.ts'
import { companyColumns } from './company-columns.tsx'
import { CompanyForm } from './CompanyForm.tsx'

/** The super user's companies: the form above (pick a row to edit it), the table with due-date tones below. */
export function CompaniesTab() {
  const { t } = useTranslation()
  const list = useWholeList((signal) => api.get<Company[]>('/companies', { signal }), (c) => c.id)
  const [plans, setPlans] = useState<Plan[]>([])
  const [selected, setSelected] = useState<Company | null>(null)
  const [addingPeriod, setAddingPeriod] = useState(false)
  const [addingUser, setAddingUser] = useState(false)
  const deletion = useConfirmDelete<Company>((c) => api.del(`/companies/${c.id}`), (c) => {
    list.remove(c)
    setSelected(null)
  }, t('common.deleted'))

  useEffect(() => {
    api.get<Plan[]>('/plans/all').then((p) => setPlans(Array.isArray(p) ? p : []), toastError)
  }, [])

  const withPlan = (c: Company): Company => ({ ...c, plan: c.plan ?? plans.find((p) => p.id === c.planId) })
  const form = useForm({
    // the picked company itself: adding a period picks its new copy, and the form shows the new due date
    open: true, resetKey: selected, onClose: () => setSelected(null), successText: t('common.saved'), failureText: t('settings.companies.saveError'),
    initial: selected ? companyToForm(selected) : emptyCompany, validate: validateCompany,
    fieldCodes: { ERR_DUPLICATED_COMPANY: 'name', ERR_DUPLICATED_EMAIL: 'email' },
    submit: (v) => (selected ? api.put<Company>(`/companies/${selected.id}`, companyPayload(v)) : api.post<Company>('/companies', companyPayload(v))),
    onSaved: (saved) => (saved?.id ? list.upsert(withPlan(saved)) : list.reload()),
  })

  async function addPeriod() {
    if (!selected) return
    setAddingPeriod(true)
    try {
      const merged = { ...selected, ...(await api.post<Company>(`/companies/${selected.id}/add-period`)) }
      list.upsert(merged)
      setSelected(merged)
      toastSuccess(t('settings.companies.periodAdded', { date: formatDate(merged.dueDate) }))
    } catch (e) {
      toastError(e)
    } finally {
      setAddingPeriod(false)
    }
  }

  return (
    <div className="zd-stack">
      <CompanyForm form={form} company={selected} plans={plans} busy={addingPeriod ? 'period' : null} onDelete={() => selected && deletion.ask(selected)}
        onAddPeriod={addPeriod} onAddUser={() => setAddingUser(true)} />
      <DataTable list={list} columns={companyColumns(t)} rowKey={(c) => c.id} testId="companies-table" cardClassName="zd-table-card--auto"
        selection={{ selected, onSelect: setSelected }} empty={{ icon: 'office', title: t('settings.companies.empty') }}
        rowProps={(c) => {
          const tone = dueDateRowTone(c.dueDate)
          return { className: tone ? `zd-due-${tone}` : undefined, 'data-tone': tone ?? undefined }
        }} />
      <div className="zd-legend">
        <span><i className="zd-due-soon" /> {t('settings.companies.legend.soon')}</span>
        <span><i className="zd-due-due" /> {t('settings.companies.legend.due')}</span>
        <span><i className="zd-due-expired" /> {t('settings.companies.legend.expired')}</span>
      </div>
      <ConfirmDialog open={deletion.target !== null} title={t('settings.companies.deleteTitle', { name: deletion.target?.name ?? '' })} busy={deletion.busy}
        onConfirm={deletion.confirm} onCancel={deletion.cancel}>
        <p className="zd-muted">{t('settings.companies.deleteText')}</p>
      </ConfirmDialog>
      {selected && <UserDialog open={addingUser} company={{ id: selected.id, name: selected.name }} onClose={() => setAddingUser(false)} />}
    </div>
  )
}
