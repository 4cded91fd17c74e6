import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { Company, Plan } from '../../../api/types.ts'
import { formatDate } from '../../../lib/dates.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { EmptyState } from '../../../ui/EmptyState.tsx'
import { PageSpinner } from '../../../ui/PageSpinner.tsx'
import { toastError, toastFailure, toastSuccess } from '../../../ui/toaster.ts'
import { UserDialog } from '../../users/UserDialog.tsx'
import { companyPayload, type CompanyFormValues } from './company-form.ts'
import { CompanyForm } from './CompanyForm.tsx'
import { CompaniesTable } from './CompaniesTable.tsx'

export function CompaniesTab() {
  const { t } = useTranslation()
  const [companies, setCompanies] = useState<Company[] | null>(null)
  const [plans, setPlans] = useState<Plan[]>([])
  const [selected, setSelected] = useState<Company | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [addingUser, setAddingUser] = useState(false)

  const load = useCallback(() => {
    api.get<Company[]>('/companies').then(
      (list) => setCompanies(Array.isArray(list) ? list : []),
      (e) => {
        toastFailure(e, t('common.loadError'))
        setCompanies([])
      },
    )
  }, [t])
  useEffect(() => {
    load()
    api.get<Plan[]>('/plans/all').then((p) => setPlans(Array.isArray(p) ? p : []), toastError)
  }, [load])

  const replace = (c: Company) => setCompanies((list) => (list ?? []).some((x) => x.id === c.id) ? list!.map((x) => (x.id === c.id ? { ...x, ...c } : x)) : [...(list ?? []), c])

  async function save(values: CompanyFormValues) {
    setBusy('save')
    try {
      const body = companyPayload(values)
      const saved = selected ? await api.put<Company>(`/companies/${selected.id}`, body) : await api.post<Company>('/companies', body)
      toastSuccess(t('common.saved'))
      if (saved?.id) replace({ ...saved, plan: saved.plan ?? plans.find((p) => p.id === saved.planId) })
      else load()
      setSelected(null)
    } catch (e) {
      toastFailure(e, t('settings.companies.saveError'))
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    if (!selected) return
    setBusy('delete')
    try {
      await api.del(`/companies/${selected.id}`)
      setCompanies((list) => (list ?? []).filter((c) => c.id !== selected.id))
      setSelected(null)
      setConfirming(false)
      toastSuccess(t('common.deleted'))
    } catch (e) {
      toastFailure(e, t('common.operationFailed'))
    } finally {
      setBusy(null)
    }
  }

  async function addPeriod() {
    if (!selected) return
    setBusy('period')
    try {
      const updated = await api.post<Company>(`/companies/${selected.id}/add-period`)
      const merged = { ...selected, ...updated }
      replace(merged)
      setSelected(merged)
      toastSuccess(t('settings.companies.periodAdded', { date: formatDate(merged.dueDate) }))
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(null)
    }
  }

  if (companies === null) return <PageSpinner />
  return (
    <div className="zd-stack">
      <CompanyForm company={selected} plans={plans} busy={busy} onSubmit={save} onClear={() => setSelected(null)} onDelete={() => setConfirming(true)} onAddPeriod={addPeriod} onAddUser={() => setAddingUser(true)} />
      {companies.length === 0 ? <EmptyState icon="office" title={t('settings.companies.empty')} /> : <CompaniesTable companies={companies} selectedId={selected?.id} onSelect={setSelected} />}
      <ConfirmDialog open={confirming} title={t('settings.companies.deleteTitle', { name: selected?.name ?? '' })} busy={busy === 'delete'} onConfirm={remove} onCancel={() => setConfirming(false)}>
        <p className="zd-muted">{t('settings.companies.deleteText')}</p>
      </ConfirmDialog>
      {selected && <UserDialog open={addingUser} company={{ id: selected.id, name: selected.name }} onClose={() => setAddingUser(false)} />}
    </div>
  )
}
