import { useState } from 'react'
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useSession } from '../session/use-session.ts'
import { logout, refreshUser } from '../session/session-service.ts'
import { UserDialog } from '../pages/users/UserDialog.tsx'
import { Avatar } from '../ui/Avatar.tsx'
import { AlertsMenuItems } from '../pwa/AlertsMenuItems.tsx'

export function AccountMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const [profileOpen, setProfileOpen] = useState(false)
  if (!user) return null

  const menu = (
    <Menu className="zd-account-menu">
      <li className="zd-account-menu__who">
        <Avatar name={user.name} size={36} />
        <span>
          <strong>{user.name}</strong>
          <small>{user.email}</small>
        </span>
      </li>
      <MenuDivider />
      <MenuItem icon="person" text={t('topbar.profile')} onClick={() => setProfileOpen(true)} data-testid="open-profile" />
      <AlertsMenuItems />
      <MenuDivider />
      <MenuItem
        icon="log-out"
        intent="danger"
        text={t('topbar.logout')}
        data-testid="logout"
        onClick={() => {
          logout()
          navigate('/login', { replace: true, state: null })
        }}
      />
    </Menu>
  )

  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button variant="minimal" className="zd-account-button" aria-label={t('topbar.account')} title={t('topbar.account')} data-testid="account-menu">
          <Avatar name={user.name} size={30} />
        </Button>
      </PopoverNext>
      <UserDialog
        open={profileOpen}
        userId={user.id}
        title={t('users.dialog.profileTitle')}
        onClose={() => setProfileOpen(false)}
        onSaved={() => void refreshUser().catch(() => undefined)}
      />
    </>
  )
}
