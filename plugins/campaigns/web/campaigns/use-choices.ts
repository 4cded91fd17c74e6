import { useEffect, useState } from 'react'
import { api, toastError } from '@zapdesk/plugin-api/web'

export interface Choice {
  id: number
  name: string
}

export interface Choices {
  connections: Choice[]
  contactLists: Choice[]
  tags: Choice[]
  fileLists: Choice[]
}

const EMPTY: Choices = { connections: [], contactLists: [], tags: [], fileLists: [] }
const named = (rows: unknown): Choice[] => (Array.isArray(rows) ? rows : []).map((r: { id: number; name: string }) => ({ id: Number(r.id), name: String(r.name) }))

/** What the campaign dialog offers (the spec's GET /whatsapp, /contact-lists/list, /tags, /files), loaded when it opens. */
export function useChoices(open: boolean): Choices {
  const [choices, setChoices] = useState<Choices>(EMPTY)
  useEffect(() => {
    if (!open) return
    let live = true
    Promise.all([
      api.get<unknown>('/whatsapp', { query: { session: 0 } }),
      api.get<unknown>('/contact-lists/list'),
      api.get<unknown>('/tags/list'),
      api.get<{ files: unknown }>('/files'),
    ]).then(([connections, contactLists, tags, files]) => {
      if (live) setChoices({ connections: named(connections), contactLists: named(contactLists), tags: named(Array.isArray(tags) ? tags : (tags as { tags?: unknown })?.tags), fileLists: named(files.files) })
    }, toastError)
    return () => { live = false }
  }, [open])
  return choices
}
