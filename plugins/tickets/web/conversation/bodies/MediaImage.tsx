import { useState } from 'react'
import { Dialog, Icon, Spinner } from '@blueprintjs/core'
import { useBlobUrl } from '../use-blob-url.ts'
import { useConversationT } from '../i18n.ts'

/** A picture fetched with the session token; a click opens it full size. */
export function MediaImage({ url, name }: { url: string; name?: string | null }) {
  const t = useConversationT()
  const { src, loading, error } = useBlobUrl(url, true, name)
  const [zoom, setZoom] = useState(false)
  if (error) return <MediaFailed />
  if (loading || !src) return <div className="zd-conv-media zd-conv-media--loading"><Spinner size={20} /></div>
  return (
    <>
      <button type="button" className="zd-conv-media zd-conv-image" onClick={() => setZoom(true)} title={t('openImage')}>
        <img src={src} alt={name ?? t('media.image')} />
      </button>
      <Dialog isOpen={zoom} onClose={() => setZoom(false)} className="zd-conv-lightbox" title={name ?? t('media.image')}>
        <img src={src} alt={name ?? t('media.image')} />
      </Dialog>
    </>
  )
}

export function MediaFailed() {
  const t = useConversationT()
  return (
    <div className="zd-conv-media zd-conv-media--failed" role="status">
      <Icon icon="media" /> {t('mediaUnavailable')}
    </div>
  )
}
