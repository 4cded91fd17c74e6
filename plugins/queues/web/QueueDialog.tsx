import { useEffect, useState } from 'react'
import { NonIdealState, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, FormDialog, useForm, type Setting } from '@zapdesk/plugin-api/web'
import type { Queue } from './types.ts'
import { freeColor } from './palette.ts'
import { emptyForm, formOf, payloadOf, validateQueue } from './queue-form.ts'
import { QueueFields } from './QueueFields.tsx'
import { SchedulesEditor } from './SchedulesEditor.tsx'
import { OptionsEditor } from './OptionsEditor.tsx'
import { LinkConnections } from './LinkConnections.tsx'

interface Props {
  open: boolean
  /** Edit this queue; absent creates one. */
  queueId?: number
  takenColors: string[]
  onClose: () => void
  onSaved: (queue: Queue) => void
}

/**
 * Tabs 'Dados da Fila', 'Horários de Atendimento' (only while the scheduleType setting is 'queue') and the chatbot
 * options. A new queue stays open once saved, so its options can be built right away.
 */
export function QueueDialog({ open, queueId, takenColors, onClose, onSaved }: Props) {
  const { t } = useTranslation('queues')
  const [id, setId] = useState<number | undefined>(queueId)
  const [tab, setTab] = useState('data')
  const [byQueue, setByQueue] = useState(false)
  // the queue this opening created (not one opened for editing): offered to the connections
  const [created, setCreated] = useState<number | null>(null)

  useEffect(() => {
    if (!open) return
    setId(queueId)
    setCreated(null)
    setTab('data')
    api.get<Setting[]>('/settings').then((list) => setByQueue(list.find((s) => s.key === 'scheduleType')?.value === 'queue'), () => setByQueue(false))
  }, [open, queueId])

  const form = useForm({
    open, onClose, resetKey: queueId, successText: t('saved'), validate: validateQueue,
    initial: queueId == null ? emptyForm(freeColor(takenColors)) : () => api.get<Queue>(`/queue/${queueId}`).then(formOf),
    fieldCodes: { ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color' },
    onInvalid: (found) => setTab(found.schedules && !found.name && !found.color && !found.orderQueue ? 'schedules' : 'data'),
    submit: (v) => (id == null ? api.post<Queue>('/queue', payloadOf(v)) : api.put<Queue>(`/queue/${id}`, payloadOf(v))),
    keepOpen: () => id == null,
    onSaved: (saved) => {
      onSaved(saved)
      if (id == null) {
        setId(saved.id)
        setCreated(saved.id)
      }
    },
  })

  const optionsPanel = id == null
    ? <NonIdealState icon="diagram-tree" description={t('dialog.saveFirst')} />
    : <OptionsEditor queueId={id} />
  return (
    <FormDialog form={form} title={id == null ? t('dialog.addTitle') : t('dialog.editTitle')} icon={id == null ? 'add' : 'edit'} className="zd-queue-dialog"
      cancelText={t('dialog.close')} cancelTestId="queue-close" saveTestId="queue-save">
      <Tabs id="queue-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))} renderActiveTabPanelOnly>
        <Tab id="data" title={t('dialog.tabs.data')} panel={<>
          {created !== null && <LinkConnections queueId={created} />}
          <QueueFields values={form.values} errors={form.errors} takenColors={takenColors} onChange={form.set} />
        </>} />
        {byQueue && <Tab id="schedules" title={t('dialog.tabs.schedules')} panel={<SchedulesEditor rows={form.values.schedules} onChange={(schedules) => form.set({ schedules })} />} />}
        <Tab id="options" title={t('dialog.tabs.options')} panel={optionsPanel} />
      </Tabs>
    </FormDialog>
  )
}
