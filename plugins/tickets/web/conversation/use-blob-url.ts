import { useEffect, useState } from 'react'
import { fetchBlob } from '@zapdesk/plugin-api/web'
import { mimeFromName } from './media-kind.ts'

export interface BlobUrl {
  src: string | null
  loading: boolean
  error: boolean
}

/**
 * An object URL for a private media file, fetched with the session token while `enabled`, revoked on unmount or
 * when the URL changes. `name` gives the type when the server answered octet-stream, so players still play it.
 */
export function useBlobUrl(url: string | null | undefined, enabled = true, name?: string | null): BlobUrl {
  const [state, setState] = useState<BlobUrl>({ src: null, loading: false, error: false })
  useEffect(() => {
    if (!url || !enabled) return
    const ac = new AbortController()
    let objectUrl: string | null = null
    setState({ src: null, loading: true, error: false })
    fetchBlob(url, ac.signal)
      .then((blob) => {
        const type = !blob.type || blob.type === 'application/octet-stream' ? mimeFromName(name ?? url) : null
        objectUrl = URL.createObjectURL(type ? new Blob([blob], { type }) : blob)
        setState({ src: objectUrl, loading: false, error: false })
      })
      .catch(() => {
        if (!ac.signal.aborted) setState({ src: null, loading: false, error: true })
      })
    return () => {
      ac.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [url, enabled, name])
  return state
}
