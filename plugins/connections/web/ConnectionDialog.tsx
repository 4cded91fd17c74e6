import { useEffect, useState } from 'react'
import { Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, FormDialog, useForm } from '@zapdesk/plugin-api/web'
import type { Connection } from './types.ts'
import { emptyForm, formOf, payloadOf, validateConnection } from './connection-form.ts'
import { useFormOptions } from './use-form-options.ts'
import { GeneralFields } from './GeneralFields.tsx'
import { MessagesFields } from './MessagesFields.tsx'
import { RoutingFields } from './RoutingFields.tsx'
import { ApiTokenSection } from './ApiTokenSection.tsx'

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
  const [tab, setTab] = useState('general')
  const options = useFormOptions(open)
  const isNew = connectionId == null

  useEffect(() => {
    if (open) setTab('general')
  }, [open, connectionId])

  const form = useForm({
    open, onClose, onSaved, resetKey: connectionId, successText: t('saved'), validate: validateConnection,
    initial: isNew ? emptyForm() : () => api.get<Connection>(`/whatsapp/${connectionId}`, { query: { session: 0 } }).then(formOf),
    // The greeting sits on the messages tab; the plan limit and the last-default rule are toasts.
    fieldCodes: { ERR_WAPP_GREETING_REQUIRED: 'greetingMessage' },
    onInvalid: (found) => setTab(found.name ? 'general' : found.greetingMessage ? 'messages' : 'routing'),
    submit: (v) => {
      const body = payloadOf(v, { withPrompt: options.prompts !== null, withIntegration: options.integrations !== null })
      return isNew ? api.post<Connection>('/whatsapp', body) : api.put<Connection>(`/whatsapp/${connectionId}`, body)
    },
  })
  const { values, errors, set } = form
  return (
    <FormDialog form={form} title={isNew ? t('dialog.addTitle') : t('dialog.editTitle')} icon={isNew ? 'add' : 'edit'} className="zd-conn-dialog"
      cancelText={t('dialog.close')} testId="connection-form" saveTestId="connection-save">
      <Tabs id="connection-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))}>
        <Tab id="general" title={t('dialog.general')} panel={<><GeneralFields values={values} errors={errors} providers={options.providers} isNew={isNew} onChange={set} /><ApiTokenSection connectionId={connectionId} /></>} />
        <Tab id="messages" title={t('dialog.messages')} panel={<MessagesFields values={values} errors={errors} onChange={set} />} />
        <Tab id="routing" title={t('dialog.routing')} panel={<RoutingFields values={values} errors={errors} queues={options.queues} prompts={options.prompts} integrations={options.integrations} onChange={set} />} />
      </Tabs>
    </FormDialog>
  )
}
