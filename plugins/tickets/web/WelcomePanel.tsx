import { useTranslation } from 'react-i18next'
import { BrandMark } from '@zapdesk/plugin-api/web'
import './ticket-view.css'

/** What the conversation side shows while no ticket is selected. */
export function WelcomePanel() {
  const { t } = useTranslation('tickets')
  return (
    <div className="zd-ticket-welcome" data-testid="tickets-welcome">
      <BrandMark size={96} />
      <p className="zd-muted">{t('welcome')}</p>
    </div>
  )
}
