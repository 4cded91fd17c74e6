import { useEffect, useRef, useState } from 'react'
import { toastError } from './toaster.ts'

export interface SearchResults<T> {
  /** What the last answered search found; null before the first answer, or with no search. */
  found: T[] | null
  /** A search is on its way (the field's spinner). */
  loading: boolean
}

/**
 * The answer of `search` for `term` (null: no search), asked again when the term changes, the earlier request
 * aborted. What the last search found stays until the next one answers: options a user is about to click do not
 * vanish as each pause in the typing starts a search (a click on one then was lost).
 */
export function useSearchResults<T>(search: (term: string, signal: AbortSignal) => Promise<T[]>, term: string | null): SearchResults<T> {
  const [found, setFound] = useState<T[] | null>(null)
  const [loading, setLoading] = useState(false)
  const searchRef = useRef(search)
  searchRef.current = search
  useEffect(() => {
    if (term === null) {
      setFound(null)
      setLoading(false)
      return
    }
    const ac = new AbortController()
    setLoading(true)
    searchRef.current(term, ac.signal).then((items) => {
      if (ac.signal.aborted) return
      setFound(items)
      setLoading(false)
    }, (err: unknown) => {
      if (ac.signal.aborted) return
      toastError(err)
      setFound((was) => was ?? [])
      setLoading(false)
    })
    return () => ac.abort()
  }, [term])
  return { found, loading }
}
