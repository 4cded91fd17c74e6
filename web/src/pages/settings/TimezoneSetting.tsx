import { useTranslation } from 'react-i18next'
import { TimezoneSelect } from '../../ui/TimezoneSelect.tsx'
import { useOwnCompany } from './use-own-company.ts'

/** The Options tab's timezone row: the company's opening hours and its queues' are read in this zone. */
export function TimezoneSetting() {
  const { t } = useTranslation()
  const { company, saving, save } = useOwnCompany()
  return (
    <div className="zd-setting">
      <div className="zd-setting__text">
        <label htmlFor="setting-timezone">{t('settings.options.timezone')}</label>
        <small>{t('settings.options.timezoneHint')}</small>
      </div>
      {company && <TimezoneSelect id="setting-timezone" value={company.timezone ?? 'America/Sao_Paulo'} disabled={saving} onChange={(timezone) => void save({ timezone })} />}
    </div>
  )
}
