import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, DialogBody, DialogFooter, NonIdealState, Tab, Tabs } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, PageSpinner, toastError, toastSuccess, type Setting } from '@zapdesk/plugin-api/web'
import type { Queue } from './types.ts'
import { freeColor } from './palette.ts'
import { emptyForm, formOf, payloadOf, validateQueue, type QueueForm, type QueueFormErrors } from './queue-form.ts'
import { QueueFields } from './QueueFields.tsx'
import { SchedulesEditor } from './SchedulesEditor.tsx'
import { OptionsEditor } from './OptionsEditor.tsx'

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
  const [values, setValues] = useState<QueueForm>(emptyForm(''))
  const [errors, setErrors] = useState<QueueFormErrors>({})
  const [tab, setTab] = useState('data')
  const [byQueue, setByQueue] = useState(false)
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const taken = useRef(takenColors)
  taken.current = takenColors
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    if (!open) return
    setId(queueId)
    setErrors({})
    setTab('data')
    setValues(emptyForm(freeColor(taken.current)))
    api.get<Setting[]>('/settings').then((list) => setByQueue(list.find((s) => s.key === 'scheduleType')?.value === 'queue'), () => setByQueue(false))
    if (queueId == null) return
    setLoading(true)
    api.get<Queue>(`/queue/${queueId}`)
      .then((q) => setValues(formOf(q)))
      .catch((e) => {
        toastError(e)
        closeRef.current()
      })
      .finally(() => setLoading(false))
  }, [open, queueId])

  /** Editing a field clears its message; the rest wait for the next save. */
  const set = (patch: Partial<QueueForm>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateQueue(values)
    setErrors(found)
    if (Object.keys(found).length) {
      setTab(found.schedules && !found.name && !found.color && !found.orderQueue ? 'schedules' : 'data')
      return
    }
    setSaving(true)
    try {
      const saved = id == null ? await api.post<Queue>('/queue', payloadOf(values)) : await api.put<Queue>(`/queue/${id}`, payloadOf(values))
      toastSuccess(t('saved'))
      onSaved(saved)
      if (id == null) setId(saved.id)
      else onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  const optionsPanel = id == null
    ? <NonIdealState icon="diagram-tree" description={t('dialog.saveFirst')} />
    : <OptionsEditor queueId={id} />
  return (
    <Dialog isOpen={open} onClose={onClose} title={id == null ? t('dialog.addTitle') : t('dialog.editTitle')} icon={id == null ? 'add' : 'edit'} className="zd-dialog zd-queue-dialog">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {loading ? (
            <PageSpinner />
          ) : (
            <Tabs id="queue-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))} renderActiveTabPanelOnly>
              <Tab id="data" title={t('dialog.tabs.data')} panel={<QueueFields values={values} errors={errors} takenColors={takenColors} onChange={set} />} />
              {byQueue && <Tab id="schedules" title={t('dialog.tabs.schedules')} panel={<SchedulesEditor rows={values.schedules} onChange={(schedules) => set({ schedules })} />} />}
              <Tab id="options" title={t('dialog.tabs.options')} panel={optionsPanel} />
            </Tabs>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('dialog.close')} onClick={onClose} variant="minimal" data-testid="queue-close" />
              <Button type="submit" intent="primary" text={t('core:common.save')} loading={saving} disabled={loading} data-testid="queue-save" />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
