import { MenuItem } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useDesktopAlerts } from './use-desktop-alerts.ts'

/**
 * The user menu's two entries for hidden-tab alerts: the user's switch (notification and chime while the tab is
 * hidden), and the browser permission with its state; the permission is only ever asked from here.
 */
export function AlertsMenuItems() {
  const { t } = useTranslation()
  const alerts = useDesktopAlerts()
  const { permission } = alerts
  return (
    <>
      <MenuItem
        icon={alerts.enabled ? 'notifications' : 'notifications-snooze'}
        text={t('pwa.alerts')}
        title={t('pwa.alertsHint')}
        labelElement={<span data-testid="alerts-state">{alerts.enabled ? t('pwa.on') : t('pwa.off')}</span>}
        shouldDismissPopover={false}
        onClick={alerts.toggle}
        data-testid="alerts-toggle"
      />
      <MenuItem
        icon="desktop"
        text={t('pwa.permission.label')}
        title={permission === 'denied' ? t('pwa.permission.blockedHint') : undefined}
        labelElement={<span data-testid="notification-permission" data-state={permission}>{t(`pwa.permission.${permission}`)}</span>}
        disabled={permission !== 'default'}
        shouldDismissPopover={false}
        onClick={() => void alerts.request()}
        data-testid="notification-permission-item"
      />
    </>
  )
}
