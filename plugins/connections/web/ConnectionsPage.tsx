import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, PageHeader, toastError, toastSuccess, useSession } from '@zapdesk/plugin-api/web'
import type { Connection } from './types.ts'
import type { SessionAction } from './session.ts'
import { useConnections } from './use-connections.ts'
import { ConnectionsTable } from './ConnectionsTable.tsx'
import { ConnectionDialog } from './ConnectionDialog.tsx'
import { QrDialog } from './QrDialog.tsx'
import { SandboxDialog } from './SandboxDialog.tsx'
import './connections.css'

/** The company's WhatsApp connections and their sessions, kept live by realtime (no paging: a handful per company). */
export default function ConnectionsPage() {
  const { t } = useTranslation('connections')
  const { can, isAdmin } = useSession()
  const { items, failed, reload, upsert, remove } = useConnections(toastError)
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [deleting, setDeleting] = useState<Connection | null>(null)
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null)
  const [qrFor, setQrFor] = useState<number | null>(null)
  const [sandboxFor, setSandboxFor] = useState<number | null>(null)
  const [busy, setBusy] = useState<{ id: number; action: SessionAction } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const allowed = { session: can('connections-page:actionButtons'), edit: can('connections-page:editOrDeleteConnection'), sandbox: isAdmin }
  // a dialog of a connection deleted meanwhile (here or elsewhere) has nothing left to show
  const exists = (id: number | null) => id != null && !!items?.some((c) => c.id === id)

  async function session(c: Connection, action: SessionAction) {
    if (action === 'showQr') return setQrFor(c.id)
    if (action === 'disconnect') return setDisconnecting(c)
    if (action === 'connecting') return
    setBusy({ id: c.id, action })
    try {
      if (action === 'retry') await api.post(`/whatsappsession/${c.id}`)
      else {
        await api.put(`/whatsappsession/${c.id}`)
        // a new pairing: the dialog waits for the code the session is about to show
        setQrFor(c.id)
      }
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(null)
    }
  }

  async function confirm(kind: 'delete' | 'disconnect') {
    const target = kind === 'delete' ? deleting : disconnecting
    if (!target) return
    setConfirming(true)
    try {
      if (kind === 'delete') {
        await api.del(`/whatsapp/${target.id}`)
        remove(target.id)
        toastSuccess(t('deleted'))
        setDeleting(null)
      } else {
        await api.del(`/whatsappsession/${target.id}`)
        toastSuccess(t('disconnected'))
        setDisconnecting(null)
      }
    } catch (e) {
      toastError(e)
    } finally {
      setConfirming(false)
    }
  }

  return (
    <div className="zd-page zd-page--fill">
      <PageHeader
        title={t('title')}
        count={items ? t('count', { count: items.length }) : undefined}
        actions={can('connections-page:addConnection') && <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-connection" />}
      />
      <ConnectionsTable
        connections={items} failed={failed} allowed={allowed} busy={busy} onRetryLoad={reload} onSession={session}
        onSandbox={(c) => setSandboxFor(c.id)} onEdit={(c) => setEditing({ id: c.id })} onDelete={setDeleting}
      />
      <ConnectionDialog open={editing !== null} connectionId={editing?.id} onClose={() => setEditing(null)} onSaved={upsert} />
      <QrDialog connectionId={exists(qrFor) ? qrFor : null} onClose={() => setQrFor(null)} />
      <SandboxDialog connection={items?.find((c) => c.id === sandboxFor) ?? null} onClose={() => setSandboxFor(null)} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { name: deleting?.name ?? '' })} busy={confirming} onConfirm={() => confirm('delete')} onCancel={() => setDeleting(null)}>
        <p className="zd-muted">{t('deleteText')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={disconnecting !== null} title={t('disconnectTitle', { name: disconnecting?.name ?? '' })} confirmText={t('disconnectConfirm')} busy={confirming}
        onConfirm={() => confirm('disconnect')} onCancel={() => setDisconnecting(null)}
      >
        <p className="zd-muted">{t('disconnectText')}</p>
      </ConfirmDialog>
    </div>
  )
}
