import { useCallback, useEffect, useState } from 'react'
import { Button, Card, Switch, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { ModuleSwitch } from '../../api/types.ts'
import { labelIn } from '../../i18n/languages.ts'
import { useRealtime } from '../../realtime/hooks.ts'
import { refreshCompanyPlan, refreshUser } from '../../session/session-service.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { PageSpinner } from '../../ui/PageSpinner.tsx'
import { toastError, toastSuccess } from '../../ui/toaster.ts'

/** Company admins switch plan-allowed modules on and off; the menu follows at once. */
export function ModulesTab() {
  const { t, i18n } = useTranslation()
  const [items, setItems] = useState<ModuleSwitch[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)

  const load = useCallback(() => {
    setFailed(false)
    api.get<ModuleSwitch[]>('/modules').then(
      (list) => setItems(Array.isArray(list) ? list : []),
      (e) => {
        toastError(e)
        setFailed(true)
        setItems([])
      },
    )
  }, [])
  useEffect(load, [load])
  useRealtime('modules', load)

  async function toggle(item: ModuleSwitch, enabled: boolean) {
    setBusy(item.feature)
    try {
      const saved = await api.put<ModuleSwitch>(`/modules/${item.feature}`, { enabled })
      setItems((list) => list!.map((m) => (m.feature === item.feature ? { ...m, ...(saved ?? {}), enabled: saved?.enabled ?? enabled } : m)))
      const name = labelIn(item.label, i18n.language, item.feature)
      toastSuccess(enabled ? t('settings.modules.enabled', { name }) : t('settings.modules.disabled', { name }))
      await Promise.all([refreshCompanyPlan(), refreshUser().catch(() => undefined)])
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(null)
    }
  }

  if (items === null) return <PageSpinner />
  if (items.length === 0) {
    return failed ? (
      <EmptyState icon="error" title={t('common.loadError')} action={<Button icon="refresh" text={t('common.retry')} onClick={load} />} />
    ) : (
      <EmptyState icon="cube" title={t('settings.modules.empty')} />
    )
  }

  return (
    <Card className="zd-section-card zd-narrow-card" data-testid="modules-panel">
      <h2 className="zd-section-title">{t('settings.modules.title')}</h2>
      <p className="zd-muted">{t('settings.modules.hint')}</p>
      <ul className="zd-module-list">
        {items.map((m) => {
          const name = labelIn(m.label, i18n.language, m.feature)
          return (
            <li key={m.feature} className={`zd-module${m.inPlan ? '' : ' is-off-plan'}`} data-feature={m.feature}>
              <div className="zd-module__text">
                <strong>{name}</strong>
              </div>
              {!m.inPlan && <Tag minimal intent="warning" round>{t('settings.modules.notInPlan')}</Tag>}
              <Switch
                checked={m.enabled && m.inPlan}
                disabled={!m.inPlan || busy === m.feature}
                onChange={(e) => void toggle(m, e.currentTarget.checked)}
                innerLabel={t('settings.modules.off')}
                innerLabelChecked={t('settings.modules.on')}
                size="large"
                aria-label={name}
                className="zd-module__switch"
              />
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
