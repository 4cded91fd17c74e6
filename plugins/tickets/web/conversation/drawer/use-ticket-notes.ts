import { useCallback, useEffect, useState } from 'react'
import { api, toastError } from '@zapdesk/plugin-api/web'
import type { TicketNote } from '../types.ts'

const asList = (answer: unknown): TicketNote[] =>
  Array.isArray(answer) ? answer : ((answer as { notes?: TicketNote[]; records?: TicketNote[] } | null)?.notes ?? (answer as { records?: TicketNote[] } | null)?.records ?? [])

/** The notes of a contact's ticket: listed, added and deleted through /ticket-notes, newest first. */
export function useTicketNotes(contactId: number, ticketId: number, enabled: boolean) {
  const [notes, setNotes] = useState<TicketNote[]>([])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true)
    setFailed(false)
    try {
      const answer = await api.get<unknown>('/ticket-notes/list', { query: { contactId, ticketId }, signal })
      setNotes(asList(answer).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id))
    } catch (e) {
      if (signal?.aborted) return
      setFailed(true)
      toastError(e)
    } finally {
      if (!signal?.aborted) setLoading(false)
    }
  }, [contactId, ticketId])

  useEffect(() => {
    if (!enabled) return
    const ac = new AbortController()
    void load(ac.signal)
    return () => ac.abort()
  }, [enabled, load])

  /** Throws on failure, so the form keeps the text for another try. */
  const add = useCallback(async (note: string) => {
    await api.post('/ticket-notes', { note, ticketId, contactId })
    // Reloaded rather than appended: the answer's shape (user, date) is the list's, whatever POST returns.
    await load()
  }, [contactId, ticketId, load])

  const remove = useCallback(async (id: number) => {
    await api.del(`/ticket-notes/${id}`)
    setNotes((list) => list.filter((n) => n.id !== id))
  }, [])

  return { notes, loading, failed, reload: load, add, remove }
}
