import { Button } from '@blueprintjs/core'
import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { themeAtom } from '../ui/preferences.ts'
import { WelcomeLine } from './WelcomeLine.tsx'
import { LanguageMenu } from './LanguageMenu.tsx'
import { VolumeControl } from './VolumeControl.tsx'
import { NotificationsPopover } from './NotificationsPopover.tsx'
import { ModuleTopBarItems } from './ModuleTopBarItems.tsx'
import { AccountMenu } from './AccountMenu.tsx'

interface Props {
  onToggleMenu: () => void
  menuOpen: boolean
}

export function TopBar({ onToggleMenu, menuOpen }: Props) {
  const { t } = useTranslation()
  const [theme, setTheme] = useAtom(themeAtom)
  const dark = theme === 'dark'
  return (
    <header className="zd-topbar">
      <Button variant="minimal" icon="menu" aria-label={t('topbar.toggleMenu')} aria-expanded={menuOpen} title={t('topbar.toggleMenu')} onClick={onToggleMenu} className="zd-topbar__toggle" />
      <WelcomeLine />
      <div className="zd-topbar__actions">
        <LanguageMenu />
        <Button
          variant="minimal"
          icon={dark ? 'flash' : 'moon'}
          aria-label={dark ? t('topbar.lightMode') : t('topbar.darkMode')}
          title={dark ? t('topbar.lightMode') : t('topbar.darkMode')}
          onClick={() => setTheme(dark ? 'light' : 'dark')}
          data-testid="theme-toggle"
        />
        <VolumeControl />
        <Button variant="minimal" icon="refresh" aria-label={t('topbar.reload')} title={t('topbar.reload')} onClick={() => location.reload()} className="zd-hide-narrow" />
        <ModuleTopBarItems />
        <NotificationsPopover />
        <AccountMenu />
      </div>
    </header>
  )
}
