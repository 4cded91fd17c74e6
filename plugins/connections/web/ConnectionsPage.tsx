import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, CrudListPage, toastError, toastSuccess, useConfirmDelete, useKeptList, useSession } from '@zapdesk/plugin-api/web'
import { SANDBOX_PROVIDER, type Connection } from './types.ts'
import type { SessionAction } from './session.ts'
import { useConnections } from './use-connections.ts'
import { connectionColumns } from './connection-columns.tsx'
import { ConnectionDialog } from './ConnectionDialog.tsx'
import { QrDialog } from './QrDialog.tsx'
import { SandboxDialog } from './SandboxDialog.tsx'
import './connections.css'

/** The company's WhatsApp connections and their sessions, kept live by realtime (no paging: a handful per company). */
export default function ConnectionsPage() {
  const { t } = useTranslation('connections')
  const { can, isAdmin } = useSession()
  const connections = useConnections(toastError)
  const list = useKeptList(connections)
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null)
  const [ending, setEnding] = useState(false)
  const [qrFor, setQrFor] = useState<number | null>(null)
  const [sandboxFor, setSandboxFor] = useState<number | null>(null)
  const [busy, setBusy] = useState<{ id: number; action: SessionAction } | null>(null)
  const deletion = useConfirmDelete<Connection>((c) => api.del(`/whatsapp/${c.id}`), connections.remove, t('deleted'))
  const allowed = { session: can('connections-page:actionButtons'), edit: can('connections-page:editOrDeleteConnection'), sandbox: isAdmin }
  // a dialog of a connection deleted meanwhile (here or elsewhere) has nothing left to show
  const exists = (id: number | null) => id != null && list.items.some((c) => c.id === id)

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

  async function disconnect() {
    if (!disconnecting) return
    setEnding(true)
    try {
      await api.del(`/whatsappsession/${disconnecting.id}`)
      toastSuccess(t('disconnected'))
      setDisconnecting(null)
    } catch (e) {
      toastError(e)
    } finally {
      setEnding(false)
    }
  }

  return (
    <CrudListPage
      title={t('title')} countText={(count) => t('count', { count })} crud={{ list }} testId="connections-table"
      columns={connectionColumns(t, { allowed: allowed.session, busy, onAction: session })} rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-connection-id': c.id, 'data-status': c.status })}
      empty={{ icon: 'mobile-phone', title: t('empty'), description: t('emptyHint') }}
      headerActions={can('connections-page:addConnection') && <Button intent="primary" icon="add" text={t('add')} onClick={() => setEditing({})} data-testid="add-connection" />}
      actions={{
        ...(allowed.edit ? { onEdit: (c: Connection) => setEditing({ id: c.id }), onDelete: deletion.ask } : {}),
        extra: (c) => c.provider === SANDBOX_PROVIDER && allowed.sandbox && (
          <Button variant="minimal" icon="console" title={t('sandbox.open')} aria-label={t('sandbox.open')} onClick={() => setSandboxFor(c.id)} data-testid="sandbox-open" />
        ),
        testIds: { edit: 'connection-edit', delete: 'connection-delete' },
      }}
      deletion={{ state: deletion, title: (c) => t('deleteTitle', { name: c.name }), text: <p className="zd-muted">{t('deleteText')}</p> }}
    >
      <ConnectionDialog open={editing !== null} connectionId={editing?.id} onClose={() => setEditing(null)} onSaved={connections.upsert} />
      <QrDialog connectionId={exists(qrFor) ? qrFor : null} onClose={() => setQrFor(null)} />
      <SandboxDialog connection={list.items.find((c) => c.id === sandboxFor) ?? null} onClose={() => setSandboxFor(null)} />
      <ConfirmDialog open={disconnecting !== null} title={t('disconnectTitle', { name: disconnecting?.name ?? '' })} confirmText={t('disconnectConfirm')} busy={ending}
        onConfirm={disconnect} onCancel={() => setDisconnecting(null)}>
        <p className="zd-muted">{t('disconnectText')}</p>
      </ConfirmDialog>
    </CrudListPage>
  )
}
