import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Company } from '../../api/types.ts'
import { useSession } from '../../session/use-session.ts'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import { TimezoneSelect } from '../../ui/TimezoneSelect.tsx'

/** The Options tab's timezone row: the company's opening hours and its queues' are read in this zone. */
export function TimezoneSetting() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [zone, setZone] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!user) return
    api.get<Company>(`/companies/${user.companyId}`).then((c) => setZone(c.timezone ?? 'America/Sao_Paulo'), toastError)
  }, [user])

  async function save(next: string) {
    const before = zone
    setZone(next)
    setSaving(true)
    try {
      await api.put(`/companies/${user!.companyId}/schedules`, { timezone: next })
      toastSuccess(t('settings.saved'))
    } catch (e) {
      setZone(before)
      toastError(e)
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="zd-setting">
      <div className="zd-setting__text">
        <label htmlFor="setting-timezone">{t('settings.options.timezone')}</label>
        <small>{t('settings.options.timezoneHint')}</small>
      </div>
      {zone !== null && <TimezoneSelect id="setting-timezone" value={zone} disabled={saving} onChange={(z) => void save(z)} />}
    </div>
  )
}
