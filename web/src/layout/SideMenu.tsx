import { Fragment, useEffect, useMemo, useState } from 'react'
import { Icon, type IconName } from '@blueprintjs/core'
import { NavLink } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { accessAtom } from '../session/session-atoms.ts'
import { menu, routes } from '../modules/registry.ts'
import { visibleMenu, type VisibleMenuEntry } from '../modules/gating.ts'
import { api } from '../api/api.ts'
import { BrandMark } from '../ui/BrandMark.tsx'
import { MenuBadge } from './MenuBadge.tsx'

export const APP_VERSION = '6.0.0'

function useVersion(): string {
  const [version, setVersion] = useState(APP_VERSION)
  useEffect(() => {
    api.get<{ version: string }>('/version', { anonymous: true }).then((v) => v?.version && setVersion(v.version), () => undefined)
  }, [])
  return version
}

function MenuLink({ entry, expanded }: { entry: VisibleMenuEntry; expanded: boolean }) {
  const { t } = useTranslation()
  const label = t(entry.labelKey)
  const content = (
    <>
      <span className="zd-nav__icon-box">
        <Icon icon={entry.icon as IconName} size={18} className="zd-nav__icon" />
        {entry.badge && !entry.disabled && <MenuBadge load={entry.badge} />}
      </span>
      {expanded && <span className="zd-nav__label">{label}</span>}
    </>
  )
  if (entry.disabled) {
    return (
      <span className="zd-nav__item is-disabled" aria-disabled="true" title={label} data-menu-id={entry.id}>
        {content}
      </span>
    )
  }
  return (
    <NavLink to={entry.to} end={entry.to === '/'} className={({ isActive }) => `zd-nav__item${isActive ? ' is-active' : ''}`} title={expanded ? undefined : label} data-menu-id={entry.id}>
      {content}
    </NavLink>
  )
}

export function SideMenu({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation()
  const access = useAtomValue(accessAtom)
  const version = useVersion()
  const entries = useMemo(() => (access ? visibleMenu(menu, routes, access) : []), [access])
  const firstAdmin = entries.findIndex((e) => e.section === 'admin')

  return (
    <aside className={`zd-sidebar${expanded ? '' : ' is-mini'}`} aria-label="menu">
      <NavLink to="/" className="zd-sidebar__brand" end>
        <BrandMark />
        {expanded && <span className="zd-sidebar__name">{t('common.appName')}</span>}
      </NavLink>
      <nav className="zd-nav">
        {entries.map((entry, i) => (
          <Fragment key={entry.id}>
            {i === firstAdmin && i > 0 && (expanded ? <div className="zd-nav__section">{t('menu.administration')}</div> : <div className="zd-nav__divider" />)}
            <MenuLink entry={entry} expanded={expanded} />
          </Fragment>
        ))}
      </nav>
      {expanded && <div className="zd-sidebar__foot">{t('menu.version', { version })}</div>}
    </aside>
  )
}
