import { useEffect, useState } from 'react'
import { Tab, Tabs } from '@blueprintjs/core'
import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Setting } from '../../api/types.ts'
import { useSession } from '../../session/use-session.ts'
import { useRealtime } from '../../realtime/hooks.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageSpinner } from '../../ui/PageSpinner.tsx'
import { toastError } from '../../ui/toaster.ts'
import { showsCompanySchedules } from './setting-options.ts'
import { OptionsTab } from './OptionsTab.tsx'
import { SchedulesTab } from './SchedulesTab.tsx'
import { ModulesTab } from './ModulesTab.tsx'
import { CompaniesTab } from './companies/CompaniesTab.tsx'
import { PlansTab } from './plans/PlansTab.tsx'
import { HelpsAdminTab } from './helps/HelpsAdminTab.tsx'

export default function SettingsPage() {
  const { t } = useTranslation()
  const { user, isAdmin } = useSession()
  const [params, setParams] = useSearchParams()
  const [settings, setSettings] = useState<Setting[] | null>(null)

  useEffect(() => {
    api.get<Setting[]>('/settings').then(setSettings, (e) => {
      toastError(e)
      setSettings([])
    })
  }, [])

  useRealtime('settings', (data) => {
    const changed = data.setting ?? (data.key ? { key: data.key, value: String(data.value ?? '') } : null)
    if (changed) setSettings((list) => upsertSetting(list ?? [], changed))
  })

  const tabs = [
    'options',
    ...(settings && showsCompanySchedules(settings) ? ['schedules'] : []),
    ...(isAdmin ? ['modules'] : []),
    ...(user?.super ? ['companies', 'plans', 'helps'] : []),
  ]
  const requested = params.get('tab') ?? 'options'
  const current = tabs.includes(requested) ? requested : 'options'

  const panel = (id: string) => {
    if (!settings) return <PageSpinner />
    switch (id) {
      case 'options':
        return <OptionsTab settings={settings} onChange={(s) => setSettings((list) => upsertSetting(list ?? [], s))} />
      case 'schedules':
        return <SchedulesTab />
      case 'modules':
        return <ModulesTab />
      case 'companies':
        return <CompaniesTab />
      case 'plans':
        return <PlansTab />
      default:
        return <HelpsAdminTab />
    }
  }

  return (
    <div className="zd-page">
      <PageHeader title={t('settings.title')} />
      <Tabs id="settings-tabs" selectedTabId={current} onChange={(id) => setParams({ tab: String(id) }, { replace: true })} renderActiveTabPanelOnly size="large" className="zd-tabs">
        {tabs.map((id) => (
          <Tab key={id} id={id} title={t(`settings.tabs.${id}`)} panel={panel(id)} data-testid={`tab-${id}`} />
        ))}
      </Tabs>
    </div>
  )
}

function upsertSetting(list: Setting[], s: Setting): Setting[] {
  return list.some((x) => x.key === s.key) ? list.map((x) => (x.key === s.key ? s : x)) : [...list, s]
}
