import { useEffect, useRef, useState } from 'react'
import { api, useSession } from '@zapdesk/plugin-api/web'
import type { QuickMessage } from './types.ts'

/**
 * The quick messages the agent may use, fetched the first time the input asks for them (a "/" typed), then kept
 * for the life of the input. A failure leaves the autocomplete empty rather than interrupting the typing.
 */
export function useQuickMessages(wanted: boolean): QuickMessage[] {
  const { user } = useSession()
  const [items, setItems] = useState<QuickMessage[]>([])
  const asked = useRef(false)
  useEffect(() => {
    if (!wanted || asked.current || !user) return
    asked.current = true
    api.get<QuickMessage[] | { records?: QuickMessage[] }>('/quick-messages/list', { query: { companyId: user.companyId, userId: user.id } })
      .then((answer) => setItems(Array.isArray(answer) ? answer : answer?.records ?? []))
      .catch(() => {
        asked.current = false
      })
  }, [wanted, user])
  return items
}
