import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, PageSpinner, toastError, toastSuccess } from '@zapdesk/plugin-api/web'
import type { Connection } from './types.ts'
import { emptyForm, formOf, payloadOf, validateConnection, type ConnectionErrors, type ConnectionForm } from './connection-form.ts'
import { useFormOptions } from './use-form-options.ts'
import { GeneralFields } from './GeneralFields.tsx'
import { MessagesFields } from './MessagesFields.tsx'
import { RoutingFields } from './RoutingFields.tsx'

interface Props {
  open: boolean
  /** Edit this connection; absent creates one. */
  connectionId?: number
  onClose: () => void
  onSaved: (connection: Connection) => void
}

/** Add or edit a connection, in three tabs; the tab with the first invalid field comes forward on save. */
export function ConnectionDialog({ open, connectionId, onClose, onSaved }: Props) {
  const { t } = useTranslation('connections')
  const [values, setValues] = useState<ConnectionForm>(emptyForm)
  const [errors, setErrors] = useState<ConnectionErrors>({})
  const [tab, setTab] = useState('general')
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const options = useFormOptions(open)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const isNew = connectionId == null

  useEffect(() => {
    if (!open) return
    setValues(emptyForm())
    setErrors({})
    setTab('general')
    if (connectionId == null) return
    setLoading(true)
    api.get<Connection>(`/whatsapp/${connectionId}`, { query: { session: 0 } })
      .then((c) => setValues(formOf(c)))
      .catch((e) => {
        toastError(e)
        closeRef.current()
      })
      .finally(() => setLoading(false))
  }, [open, connectionId])

  /** Editing a field clears its message; the rest wait for the next save. */
  const set = (patch: Partial<ConnectionForm>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateConnection(values)
    setErrors(found)
    if (Object.keys(found).length) {
      setTab(found.name || found.token ? 'general' : 'routing')
      return
    }
    const body = payloadOf(values, { withPrompt: options.prompts !== null })
    setSaving(true)
    try {
      const saved = isNew ? await api.post<Connection>('/whatsapp', body) : await api.put<Connection>(`/whatsapp/${connectionId}`, body)
      toastSuccess(t('saved'))
      onSaved(saved)
      onClose()
    } catch (err) {
      // ERR_WAPP_GREETING_REQUIRED, ERR_NO_OTHER_WHATSAPP, the plan limit...: the shell translates the code
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog isOpen={open} onClose={onClose} title={isNew ? t('dialog.addTitle') : t('dialog.editTitle')} icon={isNew ? 'add' : 'edit'} className="zd-dialog zd-conn-dialog">
      <form onSubmit={submit} noValidate data-testid="connection-form">
        <DialogBody>
          {loading ? (
            <PageSpinner />
          ) : (
            <Tabs id="connection-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))}>
              <Tab id="general" title={t('dialog.general')} panel={<GeneralFields values={values} errors={errors} providers={options.providers} isNew={isNew} onChange={set} />} />
              <Tab id="messages" title={t('dialog.messages')} panel={<MessagesFields values={values} onChange={set} />} />
              <Tab id="routing" title={t('dialog.routing')} panel={<RoutingFields values={values} errors={errors} queues={options.queues} prompts={options.prompts} onChange={set} />} />
            </Tabs>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('dialog.close')} onClick={onClose} variant="minimal" />
              <Button type="submit" intent="primary" text={t('core:common.save')} loading={saving} disabled={loading} data-testid="connection-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
