import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { api, toastError } from '@zapdesk/plugin-api/web'
import type { Chat } from './types.ts'

/**
 * The chat the address names (/chats/{uuid}): taken from the loaded list when it is there, else asked for (a link from
 * the top bar to a chat beyond the first page). One the user cannot see sends them back to /chats.
 */
export function useOpenChat(uuid: string | undefined, listed: Chat[]) {
  const navigate = useNavigate()
  const [fetched, setFetched] = useState<Chat | null>(null)
  const fromList = uuid ? listed.find((c) => c.uuid === uuid) : undefined
  useEffect(() => {
    setFetched(null)
    if (!uuid || fromList) return
    let live = true
    api.get<Chat>(`/chats/${uuid}`).then((c) => live && setFetched(c)).catch((e) => {
      if (!live) return
      toastError(e)
      navigate('/chats', { replace: true })
    })
    return () => {
      live = false
    }
    // Asked once per address: later list changes do not ask again.
  }, [uuid])
  const chat = fromList ?? (fetched?.uuid === uuid ? fetched : null)
  return { chat, setChat: setFetched }
}
