import { useEffect, useState } from 'react'
import { Button, Card, HTMLSelect, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Setting } from '../../api/types.ts'
import { refreshUser } from '../../session/session-service.ts'
import { useSession } from '../../session/use-session.ts'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import { SELECT_SETTINGS, settingValue, type SelectSetting } from './setting-options.ts'
import { TimezoneSetting } from './TimezoneSetting.tsx'

interface Props {
  settings: Setting[]
  onChange: (setting: Setting) => void
}

export function OptionsTab({ settings, onChange }: Props) {
  const { t } = useTranslation()
  // the payments token is the platform's, not the company's: only super users see it
  const { user } = useSession()
  const [saving, setSaving] = useState<string | null>(null)
  const [token, setToken] = useState(settingValue(settings, 'asaas'))
  useEffect(() => setToken(settingValue(settings, 'asaas')), [settings])

  async function save(key: string, value: string) {
    setSaving(key)
    try {
      const saved = await api.put<Setting>(`/settings/${key}`, { key, value })
      onChange(saved?.key ? saved : { key, value })
      toastSuccess(t('settings.saved'))
      // campaignsEnabled drives the campaign menus through the company settings of the session
      if (key === 'campaignsEnabled') await refreshUser().catch(() => undefined)
    } catch (e) {
      toastError(e)
    } finally {
      setSaving(null)
    }
  }

  const row = (s: SelectSetting) => (
    <div className="zd-setting" key={s.key}>
      <div className="zd-setting__text">
        <label htmlFor={`setting-${s.key}`}>{t(`settings.options.${s.key}`)}</label>
        <small>{t(`settings.options.${s.key}Hint`)}</small>
      </div>
      <HTMLSelect id={`setting-${s.key}`} value={settingValue(settings, s.key, s.fallback)} disabled={saving === s.key} onChange={(e) => void save(s.key, e.target.value)}>
        {s.values.map((v) => (
          <option key={v} value={v}>{t(`settings.options.values.${v}`)}</option>
        ))}
      </HTMLSelect>
    </div>
  )

  return (
    <div className="zd-settings-grid">
      <Card className="zd-section-card">
        <h2 className="zd-section-title">{t('settings.options.service')}</h2>
        {SELECT_SETTINGS.filter((s) => s.section === 'service').map(row)}
        <TimezoneSetting />
      </Card>
      <Card className="zd-section-card">
        <h2 className="zd-section-title">{t('settings.options.messages')}</h2>
        {SELECT_SETTINGS.filter((s) => s.section === 'messages').map(row)}
      </Card>
      {user?.super && <Card className="zd-section-card">
        <h2 className="zd-section-title">{t('settings.options.integrations')}</h2>
        <div className="zd-setting zd-setting--stack">
          <div className="zd-setting__text">
            <label htmlFor="setting-asaas">{t('settings.options.asaas')}</label>
            <small>{t('settings.options.asaasHint')}</small>
          </div>
          <div className="zd-inline-form">
            <InputGroup id="setting-asaas" value={token} onChange={(e) => setToken(e.target.value)} fill />
            <Button icon="floppy-disk" text={t('common.save')} loading={saving === 'asaas'} disabled={token === settingValue(settings, 'asaas')} onClick={() => void save('asaas', token.trim())} />
          </div>
        </div>
      </Card>}
    </div>
  )
}
