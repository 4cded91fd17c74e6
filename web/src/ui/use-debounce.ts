import { useEffect, useState } from 'react'

/** Spec: searches and lists wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500

export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return debounced
}
