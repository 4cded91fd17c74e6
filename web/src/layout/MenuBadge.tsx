import { useEffect, useState } from 'react'
import type { WebMenuBadge, WebMenuEntry } from '../../../core/plugin-api/web-types.ts'

type BadgeHook = () => WebMenuBadge | null

/** Runs the module's hook; mounted only once the hook is loaded, so the hook order never changes. */
function BadgeDot({ useBadge }: { useBadge: BadgeHook }) {
  const badge = useBadge()
  if (!badge) return null
  return <span className={`zd-nav__badge is-${badge.intent}`} title={badge.title} aria-label={badge.title} role="status" data-testid="menu-badge" />
}

/** The badge of a menu entry whose module supplies one (see WebMenuEntry.badge). */
export function MenuBadge({ load }: { load: NonNullable<WebMenuEntry['badge']> }) {
  const [hook, setHook] = useState<BadgeHook | null>(null)
  useEffect(() => {
    let live = true
    // a badge that fails to load is only a missing decoration: the entry itself still works
    load().then((m) => live && setHook(() => m.default), () => undefined)
    return () => {
      live = false
    }
  }, [load])
  return hook ? <BadgeDot useBadge={hook} /> : null
}
