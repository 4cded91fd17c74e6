import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Company } from '../../api/types.ts'
import { useSession } from '../../session/use-session.ts'
import { toastError, toastSuccess } from '../../ui/toaster.ts'
import type { ScheduleRow } from './setting-options.ts'

export interface OwnCompany {
  /** The caller's company once loaded (null before, or after a failed load: see `failed`). */
  company: Company | null
  failed: boolean
  saving: boolean
  /** Saves the opening hours and/or the timezone (PUT /companies/:id/schedules); true once saved. */
  save: (patch: { schedules?: ScheduleRow[]; timezone?: string }) => Promise<boolean>
}

/** The settings' view of the caller's company: its opening hours and the timezone they are read in. */
export function useOwnCompany(): OwnCompany {
  const { t } = useTranslation()
  const { user } = useSession()
  const [company, setCompany] = useState<Company | null>(null)
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!user) return
    api.get<Company>(`/companies/${user.companyId}`).then(setCompany, (e) => {
      toastError(e)
      setFailed(true)
    })
  }, [user])

  async function save(patch: { schedules?: ScheduleRow[]; timezone?: string }): Promise<boolean> {
    setSaving(true)
    try {
      setCompany(await api.put<Company>(`/companies/${user!.companyId}/schedules`, patch))
      toastSuccess(t('settings.saved'))
      return true
    } catch (e) {
      toastError(e)
      return false
    } finally {
      setSaving(false)
    }
  }

  return { company, failed, saving, save }
}
