import { useCallback, useEffect, useState } from 'react'
import { HTMLTable, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { CatalogFeature, Plan } from '../../../api/types.ts'
import { formatMoney } from '../../../lib/masks.ts'
import { featuresFromPlan } from '../../../modules/gating.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { EmptyState } from '../../../ui/EmptyState.tsx'
import { PageSpinner } from '../../../ui/PageSpinner.tsx'
import { toastFailure, toastSuccess } from '../../../ui/toaster.ts'
import { labelIn } from '../../../i18n/languages.ts'
import { planPayload, type PlanFormValues } from './plan-form.ts'
import { PlanForm } from './PlanForm.tsx'

export function PlansTab() {
  const { t, i18n } = useTranslation()
  const [plans, setPlans] = useState<Plan[] | null>(null)
  const [catalog, setCatalog] = useState<CatalogFeature[]>([])
  const [selected, setSelected] = useState<Plan | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const load = useCallback(() => {
    api.get<Plan[]>('/plans/all').then(
      (list) => setPlans(Array.isArray(list) ? list : []),
      (e) => {
        toastFailure(e, t('common.loadError'))
        setPlans([])
      },
    )
  }, [t])
  useEffect(() => {
    load()
    api.get<CatalogFeature[]>('/modules/catalog').then((c) => setCatalog(Array.isArray(c) ? c : []), () => setCatalog([]))
  }, [load])

  async function save(v: PlanFormValues) {
    setBusy('save')
    try {
      const body = planPayload(v)
      if (selected) await api.put(`/plans/${selected.id}`, body)
      else await api.post('/plans', body)
      toastSuccess(t('common.saved'))
      setSelected(null)
      load()
    } catch (e) {
      toastFailure(e, t('settings.plans.saveError'))
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    if (!selected) return
    setBusy('delete')
    try {
      await api.del(`/plans/${selected.id}`)
      setPlans((list) => (list ?? []).filter((p) => p.id !== selected.id))
      setSelected(null)
      setConfirming(false)
      toastSuccess(t('common.deleted'))
    } catch (e) {
      toastFailure(e, t('common.operationFailed'))
    } finally {
      setBusy(null)
    }
  }

  const featureLabel = (f: string) => labelIn(catalog.find((c) => c.feature === f)?.label, i18n.language, t(`features.${f}`, { defaultValue: f }))
  if (plans === null) return <PageSpinner />
  return (
    <div className="zd-stack">
      <PlanForm plan={selected} catalog={catalog} busy={busy === 'save'} onSubmit={save} onClear={() => setSelected(null)} onDelete={() => setConfirming(true)} />
      {plans.length === 0 ? (
        <EmptyState icon="box" title={t('settings.plans.empty')} />
      ) : (
        <div className="zd-table-card zd-table-card--auto">
          <HTMLTable interactive className="zd-table" data-testid="plans-table">
            <thead>
              <tr>
                <th>{t('settings.plans.name')}</th>
                <th>{t('settings.plans.users')}</th>
                <th>{t('settings.plans.connections')}</th>
                <th>{t('settings.plans.queues')}</th>
                <th>{t('settings.plans.value')}</th>
                <th className="zd-hide-narrow">{t('settings.plans.term')}</th>
                <th className="zd-hide-narrow">{t('settings.plans.features')}</th>
              </tr>
            </thead>
            <tbody>
              {plans.map((p) => (
                <tr key={p.id} onClick={() => setSelected(p)} className={p.id === selected?.id ? 'is-selected' : ''}>
                  <td><strong>{p.name}</strong></td>
                  <td>{p.users}</td>
                  <td>{p.connections}</td>
                  <td>{p.queues}</td>
                  <td>{formatMoney(p.value, i18n.language)}</td>
                  <td className="zd-hide-narrow">{t(`settings.plans.terms.${p.term === 'ANUAL' ? 'ANUAL' : 'MENSAL'}`)}</td>
                  <td className="zd-hide-narrow">
                    <span className="zd-chips">
                      {[...featuresFromPlan(p as unknown as Record<string, unknown>)].map((f) => (
                        <Tag key={f} minimal round>{featureLabel(f)}</Tag>
                      ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <ConfirmDialog open={confirming} title={t('settings.plans.deleteTitle', { name: selected?.name ?? '' })} busy={busy === 'delete'} onConfirm={remove} onCancel={() => setConfirming(false)} />
    </div>
  )
}
