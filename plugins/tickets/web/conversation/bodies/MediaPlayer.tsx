import { useState } from 'react'
import { Button, Spinner } from '@blueprintjs/core'
import { useBlobUrl } from '../use-blob-url.ts'
import { useConversationT } from '../i18n.ts'
import { MediaFailed } from './MediaImage.tsx'

/**
 * Audio plays inline (voice notes are small, fetched at once); a video is fetched only when asked for, since a list
 * of them would otherwise download every file just to be scrolled past.
 */
export function MediaPlayer({ url, name, kind }: { url: string; name?: string | null; kind: 'audio' | 'video' }) {
  const t = useConversationT()
  const [wanted, setWanted] = useState(kind === 'audio')
  const { src, loading, error } = useBlobUrl(url, wanted, name)
  if (error) return <MediaFailed />
  if (!wanted) {
    return (
      <div className="zd-conv-media zd-conv-video-placeholder">
        <Button icon="play" size="large" text={t('playVideo')} onClick={() => setWanted(true)} data-testid="play-video" />
      </div>
    )
  }
  if (loading || !src) return <div className="zd-conv-media zd-conv-media--loading"><Spinner size={20} /></div>
  return kind === 'audio'
    ? <audio className="zd-conv-audio" controls src={src} preload="metadata" data-testid="message-audio" />
    : <video className="zd-conv-media zd-conv-video" controls autoPlay src={src} data-testid="message-video" />
}
