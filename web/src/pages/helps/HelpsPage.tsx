import { useEffect, useState } from 'react'
import { Button, Card, Dialog, Icon } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/api.ts'
import type { Help } from '../../api/types.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageSpinner } from '../../ui/PageSpinner.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { toastError } from '../../ui/toaster.ts'
import { embedUrl, thumbnailUrl, youtubeId } from './video.ts'

function Thumbnail({ help }: { help: Help }) {
  const id = youtubeId(help.video)
  const [failed, setFailed] = useState(false)
  return (
    <div className="zd-video-thumb">
      {id && !failed ? <img src={thumbnailUrl(id)} alt="" loading="lazy" onError={() => setFailed(true)} /> : <Icon icon="video" size={40} />}
      <span className="zd-video-thumb__play"><Icon icon="play" size={22} /></span>
    </div>
  )
}

export default function HelpsPage() {
  const { t } = useTranslation()
  const [helps, setHelps] = useState<Help[] | null>(null)
  const [playing, setPlaying] = useState<Help | null>(null)
  const [failed, setFailed] = useState(false)

  const load = () => {
    setFailed(false)
    setHelps(null)
    api.get<Help[]>('/helps/list').then(
      (list) => setHelps(Array.isArray(list) ? list : []),
      (e) => {
        toastError(e)
        setFailed(true)
        setHelps([])
      },
    )
  }
  useEffect(load, [])

  const playingId = youtubeId(playing?.video)
  return (
    <div className="zd-page">
      <PageHeader title={t('helps.title')} count={helps?.length ? t('helps.count', { count: helps.length }) : undefined} subtitle={t('helps.subtitle')} />
      {helps === null ? (
        <PageSpinner />
      ) : helps.length === 0 ? (
        failed ? (
          <EmptyState icon="error" title={t('common.loadError')} action={<Button icon="refresh" text={t('common.retry')} onClick={load} />} />
        ) : (
          <EmptyState icon="video" title={t('helps.empty')} description={t('helps.emptyHint')} />
        )
      ) : (
        <div className="zd-video-grid">
          {helps.map((h) => (
            <Card key={h.id} interactive className="zd-video-card" onClick={() => setPlaying(h)} tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && setPlaying(h)} aria-label={`${t('helps.watch')}: ${h.title}`}>
              <Thumbnail help={h} />
              <div className="zd-video-card__body">
                <h3>{h.title}</h3>
                <p>{h.description}</p>
              </div>
            </Card>
          ))}
        </div>
      )}
      <Dialog isOpen={playing !== null} onClose={() => setPlaying(null)} title={playing?.title} className="zd-video-dialog" canEscapeKeyClose>
        {playingId && (
          <div className="zd-video-frame">
            <iframe src={embedUrl(playingId)} title={playing?.title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
          </div>
        )}
      </Dialog>
    </div>
  )
}
