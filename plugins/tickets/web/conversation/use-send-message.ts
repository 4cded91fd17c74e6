import { useCallback, useState } from 'react'
import { api, toastError } from '@zapdesk/plugin-api/web'
import type { Message } from './types.ts'

export interface Outgoing {
  body: string
  quotedId?: number | null
  files?: File[]
}

const isMessage = (v: unknown): v is Message => !!v && typeof v === 'object' && 'id' in v && 'ticketId' in v

/**
 * POST /messages/:ticketId: JSON for text ({ body, quotedMsg: { id } }), multipart for files (`medias`, body and
 * quotedMsgId).
 * When the answer is the stored message it is shown at once (`onSent`); the realtime frame updates it later.
 * Resolves true when the server accepted the message.
 */
export function useSendMessage(ticketId: number, onSent?: (m: Message) => void) {
  const [sending, setSending] = useState(false)
  const send = useCallback(async ({ body, quotedId, files }: Outgoing): Promise<boolean> => {
    setSending(true)
    try {
      let answer: unknown
      if (files?.length) {
        const form = new FormData()
        for (const f of files) form.append('medias', f, f.name)
        form.append('body', body)
        if (quotedId) form.append('quotedMsgId', String(quotedId))
        answer = await api.post(`/messages/${ticketId}`, form)
      } else {
        answer = await api.post(`/messages/${ticketId}`, { body, ...(quotedId ? { quotedMsg: { id: quotedId } } : {}) })
      }
      if (isMessage(answer)) onSent?.(answer)
      else if (Array.isArray(answer)) answer.filter(isMessage).forEach((m) => onSent?.(m))
      return true
    } catch (e) {
      toastError(e)
      return false
    } finally {
      setSending(false)
    }
  }, [ticketId, onSent])
  return { send, sending }
}
