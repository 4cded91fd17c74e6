import { useEffect, useRef } from 'react'
import { Button, Icon, NonIdealState } from '@blueprintjs/core'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { browserOnlineAtom, offlineAtom, reportApiReached } from './connectivity.ts'
import { useRealtimeStatus } from '../realtime/hooks.ts'
import { updateReadyAtom } from './register.ts'
import { sessionAtom } from '../session/session-atoms.ts'
import { bootstrapSession } from '../session/session-service.ts'
import { BrandMark } from '../ui/BrandMark.tsx'
import { api } from '../api/api.ts'
import './pwa.css'

/**
 * Above every screen (sign-in included): "offline" while the browser is offline or the server does not answer (a
 * shell served from the cache), and the offer to reload once a new version is installed. A page loaded offline
 * cannot sign its session in yet: it gets a screen saying so (the session is kept and tried again) instead of an
 * endless spinner.
 */
export function PwaStatus() {
  const { t } = useTranslation()
  const offline = useAtomValue(offlineAtom)
  const browserOnline = useAtomValue(browserOnlineAtom)
  const updateReady = useAtomValue(updateReadyAtom)
  const realtime = useRealtimeStatus()
  const waiting = useAtomValue(sessionAtom).status === 'loading'
  // the live socket opening again is an answer from the server too
  useEffect(() => {
    if (realtime === 'open') reportApiReached(true)
  }, [realtime])
  // online but unanswered: ask the server now and every 10 s, so the pill goes as soon as it answers again
  useEffect(() => {
    if (!offline || !browserOnline) return
    const probe = () => void api.get('/version', { anonymous: true }).catch(() => undefined)
    probe()
    const timer = setInterval(probe, 10_000)
    return () => clearInterval(timer)
  }, [offline, browserOnline])
  // a page that loaded offline signs its session in as soon as the server answers (not only at the next retry)
  const wasOffline = useRef(offline)
  useEffect(() => {
    if (wasOffline.current && !offline && waiting) void bootstrapSession()
    wasOffline.current = offline
  }, [offline, waiting])
  if (!offline && !updateReady) return null
  return (
    <>
      {offline && waiting && (
        <div className="zd-offline-screen" data-testid="offline-screen">
          <NonIdealState
            icon={<BrandMark size={56} />}
            title={t('pwa.offlineTitle')}
            description={t('pwa.offlineWait')}
            action={<Button icon="refresh" text={t('pwa.retry')} onClick={() => void bootstrapSession()} />}
          />
        </div>
      )}
      <div className="zd-pwa-status">
        {offline && (
          <div className="zd-pwa-status__pill is-offline" role="status" data-testid="offline-banner">
            <Icon icon="offline" />
            <span>{browserOnline ? t('pwa.serverUnreachable') : t('pwa.offline')}</span>
          </div>
        )}
        {updateReady && !offline && (
          <div className="zd-pwa-status__pill" role="status" data-testid="update-ready">
            <Icon icon="automatic-updates" />
            <span>{t('pwa.updateReady')}</span>
            <Button size="small" intent="primary" text={t('pwa.reload')} onClick={() => location.reload()} />
          </div>
        )}
      </div>
    </>
  )
}
