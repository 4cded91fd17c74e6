import { useEffect, useRef, useState } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { QRCodeSVG } from 'qrcode.react'
import { api, toastError, useRealtime } from '@zapdesk/plugin-api/web'
import type { Connection, SessionEvent, SessionStatus } from './types.ts'
import { qrUpdate } from './session.ts'

/** Spec: QR code size 256. */
const QR_SIZE = 256
const STEPS = ['step1', 'step2', 'step3', 'step4'] as const

interface Props {
  /** The connection to pair; null keeps the dialog closed. */
  connectionId: number | null
  onClose: () => void
}

/** Pairing: the four steps and the live QR code of one connection ('Waiting for QR Code' until one arrives). */
export function QrDialog({ connectionId, onClose }: Props) {
  const { t } = useTranslation('connections')
  const [code, setCode] = useState('')
  const [status, setStatus] = useState<SessionStatus | null>(null)
  const shown = useRef('')
  /** A live update came first: the (older) answer of the initial load must not override it. */
  const live = useRef(false)
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  const apply = (incoming: string, next: SessionStatus | null) => {
    const { code: nextCode, close } = qrUpdate(shown.current, incoming, next)
    if (close) return closeRef.current()
    shown.current = nextCode
    setCode(nextCode)
    if (next) setStatus(next)
  }

  useEffect(() => {
    shown.current = ''
    live.current = false
    setCode('')
    setStatus(null)
    if (connectionId == null) return
    let mounted = true
    api.get<Connection>(`/whatsapp/${connectionId}`, { query: { session: 0 } }).then(
      (c) => mounted && !live.current && apply(c.qrcode, c.status),
      (e) => mounted && toastError(e),
    )
    return () => {
      mounted = false
    }
  }, [connectionId])

  useRealtime('whatsappSession', (raw) => {
    const data = raw as unknown as SessionEvent
    if (connectionId == null || data.action !== 'update' || data.session?.id !== connectionId) return
    live.current = true
    apply(data.session.qrcode, data.session.status)
  })

  return (
    <Dialog isOpen={connectionId != null} onClose={onClose} title={t('qr.title')} icon="grid-view" className="zd-dialog zd-qr-dialog">
      <DialogBody>
        <div className="zd-qr" data-testid="qr-dialog">
          <ol className="zd-qr__steps">
            {STEPS.map((s) => (
              <li key={s}>{t(`qr.${s}`)}</li>
            ))}
          </ol>
          <div className="zd-qr__code" style={{ width: QR_SIZE, height: QR_SIZE }}>
            {code ? (
              <QRCodeSVG value={code} size={QR_SIZE} marginSize={2} data-testid="qr-code" />
            ) : (
              <div className="zd-qr__waiting">
                <Spinner size={32} />
                <span data-testid="qr-waiting">{t('qr.waiting')}</span>
              </div>
            )}
          </div>
        </div>
        {status && <p className="zd-muted zd-qr__status" data-testid="qr-status">{t('qr.statusLine', { status: t(`status.${status}`, { defaultValue: status }) })}</p>}
      </DialogBody>
      <DialogFooter actions={<Button text={t('qr.close')} onClick={onClose} data-testid="qr-close" />} />
    </Dialog>
  )
}
