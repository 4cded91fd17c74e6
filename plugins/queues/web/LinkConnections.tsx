import { useEffect, useState } from 'react'
import { Button, Callout, Checkbox } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, loadFormOptions, toastError, toastSuccess, type FormOption } from '@zapdesk/plugin-api/web'

/**
 * Right after a queue is created: offer to add it to the company's connections, so customers can reach it at once
 * (a connection's menu lists only its linked queues). Shown only when a connections module provides the list.
 */
export function LinkConnections({ queueId }: { queueId: number }) {
  const { t } = useTranslation('queues')
  const [connections, setConnections] = useState<FormOption[] | null>(null)
  const [chosen, setChosen] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    void loadFormOptions('queue.whatsappIds').then((list) => {
      setConnections(list)
      setChosen((list ?? []).map((c) => c.id))
    })
  }, [])

  if (!connections?.length || done) return null

  async function link() {
    setBusy(true)
    let linked = 0
    try {
      for (const id of chosen) {
        const current = await api.get<{ queueIds?: number[] }>(`/whatsapp/${id}`)
        await api.put(`/whatsapp/${id}`, { queueIds: [...new Set([...(current.queueIds ?? []), queueId])] })
        linked++
      }
      toastSuccess(t('link.done', { count: linked }))
      setDone(true)
    } catch (e) {
      // e.g. a connection that needs a greeting before it can offer a second queue: the message says so
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const toggle = (id: number) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]))
  return (
    <Callout intent="primary" icon="link" title={t('link.title')} className="zd-queue-link" data-testid="queue-link">
      <p>{t('link.text')}</p>
      {connections.map((c) => (
        <Checkbox key={c.id} checked={chosen.includes(c.id)} label={c.name} onChange={() => toggle(c.id)} data-connection-id={c.id} />
      ))}
      <Button intent="primary" icon="link" text={t('link.submit')} loading={busy} disabled={!chosen.length} onClick={() => void link()} data-testid="queue-link-submit" />
    </Callout>
  )
}
