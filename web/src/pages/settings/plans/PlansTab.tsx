import { useEffect, useState } from 'react'
import { Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/api.ts'
import type { CatalogFeature, Plan } from '../../../api/types.ts'
import { formatMoney } from '../../../lib/masks.ts'
import { featuresFromPlan } from '../../../modules/gating.ts'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { DataTable, type Column } from '../../../ui/crud/DataTable.tsx'
import { useConfirmDelete } from '../../../ui/crud/use-confirm-delete.ts'
import { useForm } from '../../../ui/crud/use-form.ts'
import { useWholeList } from '../../../ui/crud/use-whole-list.ts'
import { labelIn } from '../../../i18n/languages.ts'
import { emptyPlan, planPayload, planToForm, validatePlan } from './plan-form.ts'
import { PlanForm } from './PlanForm.tsx'

/** The super user's plans: the form above (pick a row to edit it), the table with each plan's modules below. */
export function PlansTab() {
  const { t, i18n } = useTranslation()
  const list = useWholeList((signal) => api.get<Plan[]>('/plans/all', { signal }), (p) => p.id)
  const [catalog, setCatalog] = useState<CatalogFeature[]>([])
  const [selected, setSelected] = useState<Plan | null>(null)
  const deletion = useConfirmDelete<Plan>((p) => api.del(`/plans/${p.id}`), (p) => {
    list.remove(p)
    setSelected(null)
  }, t('common.deleted'))

  useEffect(() => {
    api.get<CatalogFeature[]>('/modules/catalog').then((c) => setCatalog(Array.isArray(c) ? c : []), () => setCatalog([]))
  }, [])

  const features = catalog.map((c) => c.feature)
  const form = useForm({
    open: true, resetKey: `${selected?.id ?? 'new'}:${features.join(',')}`, onClose: () => setSelected(null), successText: t('common.saved'), failureText: t('settings.plans.saveError'),
    initial: selected ? planToForm(selected, features) : emptyPlan(features), validate: validatePlan,
    submit: (v) => (selected ? api.put(`/plans/${selected.id}`, planPayload(v)) : api.post('/plans', planPayload(v))),
    onSaved: list.reload,
  })

  const featureLabel = (f: string) => labelIn(catalog.find((c) => c.feature === f)?.label, i18n.language, t(`features.${f}`, { defaultValue: f }))
  const narrow = 'zd-hide-narrow'
  const columns: Column<Plan>[] = [
    { key: 'name', header: t('settings.plans.name'), cell: (p) => <strong>{p.name}</strong> },
    { key: 'users', header: t('settings.plans.users'), cell: (p) => p.users },
    { key: 'connections', header: t('settings.plans.connections'), cell: (p) => p.connections },
    { key: 'queues', header: t('settings.plans.queues'), cell: (p) => p.queues },
    { key: 'value', header: t('settings.plans.value'), cell: (p) => formatMoney(p.value, i18n.language) },
    { key: 'term', header: t('settings.plans.term'), cell: (p) => t(`settings.plans.terms.${p.term === 'ANUAL' ? 'ANUAL' : 'MENSAL'}`), className: narrow },
    {
      key: 'features', header: t('settings.plans.features'), className: narrow,
      cell: (p) => (
        <span className="zd-chips">
          {[...featuresFromPlan(p as unknown as Record<string, unknown>)].map((f) => <Tag key={f} minimal round>{featureLabel(f)}</Tag>)}
        </span>
      ),
    },
  ]
  return (
    <div className="zd-stack">
      <PlanForm form={form} plan={selected} catalog={catalog} onDelete={() => selected && deletion.ask(selected)} />
      <DataTable list={list} columns={columns} rowKey={(p) => p.id} testId="plans-table" cardClassName="zd-table-card--auto"
        selection={{ selected, onSelect: setSelected }} empty={{ icon: 'box', title: t('settings.plans.empty') }} />
      <ConfirmDialog open={deletion.target !== null} title={t('settings.plans.deleteTitle', { name: deletion.target?.name ?? '' })} busy={deletion.busy}
        onConfirm={deletion.confirm} onCancel={deletion.cancel} />
    </div>
  )
}
