import { useState } from 'react'
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Connection } from './types.ts'
import { SandboxInjectForm } from './SandboxInjectForm.tsx'
import { SandboxOutbox } from './SandboxOutbox.tsx'

interface Props {
  /** A sandbox connection; null keeps the dialog closed. */
  connection: Connection | null
  onClose: () => void
}

/** The sandbox panel: a simulated phone for demos and tests, clearly set apart from real connections. */
export function SandboxDialog({ connection, onClose }: Props) {
  const { t } = useTranslation('connections')
  const [refreshKey, setRefreshKey] = useState(0)
  return (
    <Dialog isOpen={connection != null} onClose={onClose} title={t('sandbox.title', { name: connection?.name ?? '' })} icon="lab-test" className="zd-dialog zd-conn-sandbox">
      <DialogBody>
        {connection && (
          <div className="zd-stack" data-testid="sandbox-dialog">
            <Callout intent="warning" icon="lab-test">{t('sandbox.notice')}</Callout>
            <SandboxInjectForm connectionId={connection.id} onInjected={() => setRefreshKey((k) => k + 1)} />
            <SandboxOutbox connectionId={connection.id} refreshKey={refreshKey} />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('qr.close')} onClick={onClose} data-testid="sandbox-close" />} />
    </Dialog>
  )
}
