import { useSyncExternalStore } from 'react'

export const NARROW_QUERY = '(max-width: 768px)'
/** A phone held upright: rows of buttons give way to menus. */
export const PHONE_QUERY = '(max-width: 560px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = matchMedia(query)
      mql.addEventListener('change', cb)
      return () => mql.removeEventListener('change', cb)
    },
    () => matchMedia(query).matches,
  )
}
