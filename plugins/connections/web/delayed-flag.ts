import { useEffect, useState } from 'react'

/** Spec: the connections badge appears 2 s after a session needs attention (no flicker while sessions start). */
export const BADGE_DELAY_MS = 2000

/**
 * A flag that turns on only after it has been asked on for `ms` without interruption, and off at once. Kept apart
 * from React so its timing is unit tested.
 */
export function delayedFlag(ms: number, onChange: (on: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null
  let on = false
  const clear = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  return {
    set(wanted: boolean) {
      if (wanted) {
        if (on || timer) return
        timer = setTimeout(() => {
          timer = null
          on = true
          onChange(true)
        }, ms)
        return
      }
      clear()
      if (on) {
        on = false
        onChange(false)
      }
    },
    dispose: clear,
  }
}

export function useDelayedFlag(wanted: boolean, ms: number): boolean {
  const [on, setOn] = useState(false)
  const [flag] = useState(() => delayedFlag(ms, setOn))
  useEffect(() => flag.set(wanted), [flag, wanted])
  useEffect(() => () => flag.dispose(), [flag])
  return on
}
