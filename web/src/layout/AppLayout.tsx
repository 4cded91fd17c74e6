import { useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { NARROW_QUERY, useMediaQuery } from '../ui/use-media-query.ts'
import { SideMenu } from './SideMenu.tsx'
import { TopBar } from './TopBar.tsx'
import { SubscriptionBanner } from './SubscriptionBanner.tsx'
import { SessionWatcher } from './SessionWatcher.tsx'
import { ModuleBackgrounds } from './ModuleBackgrounds.tsx'
import { PwaBackground } from '../pwa/PwaBackground.tsx'

/** Drawer 240 px on wide screens (collapsible to icons); an overlay drawer on narrow ones. */
export function AppLayout() {
  const narrow = useMediaQuery(NARROW_QUERY)
  const [expanded, setExpanded] = useState(true)
  const [overlayOpen, setOverlayOpen] = useState(false)
  const { pathname } = useLocation()

  useEffect(() => setOverlayOpen(false), [pathname, narrow])

  const open = narrow ? overlayOpen : expanded
  const toggle = () => (narrow ? setOverlayOpen((v) => !v) : setExpanded((v) => !v))

  return (
    <div className={`zd-shell${narrow ? ' is-narrow' : ''}${open ? ' is-open' : ' is-collapsed'}`}>
      <SideMenu expanded={narrow || expanded} />
      {narrow && overlayOpen && <div className="zd-backdrop" onClick={() => setOverlayOpen(false)} aria-hidden />}
      <div className="zd-main">
        <TopBar onToggleMenu={toggle} menuOpen={open} />
        <SubscriptionBanner />
        <main className="zd-content" id="main">
          <Outlet />
        </main>
      </div>
      <SessionWatcher />
      <ModuleBackgrounds />
      <PwaBackground />
    </div>
  )
}
