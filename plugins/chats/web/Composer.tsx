import { useState } from 'react'
import { Button, TextArea } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { toastError } from '@zapdesk/plugin-api/web'
import { shouldSend } from './chat-rules.ts'

/** The message box: Enter sends, Shift+Enter breaks the line, a blank message is not sent. */
export function Composer({ onSend }: { onSend: (text: string) => Promise<void> }) {
  const { t } = useTranslation('chats')
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  // The box empties as the message leaves (the message may come back over the socket before the POST answers) and
  // gets the text back if the send fails, unless something new was typed meanwhile.
  const send = async () => {
    if (!text.trim() || sending) return
    const sent = text
    setSending(true)
    setText('')
    try {
      await onSend(sent)
    } catch (e) {
      setText((typed) => typed || sent)
      toastError(e)
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="zd-chats-composer">
      <TextArea
        className="zd-chats-composer__input" rows={1} fill value={text} maxLength={10_000} placeholder={t('composer.placeholder')}
        aria-label={t('composer.placeholder')} data-testid="chat-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter that confirms an input method's composition (accents, CJK) is not a send.
          if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return
          e.preventDefault()
          if (shouldSend(e.key, e.shiftKey, text)) void send()
        }}
      />
      <Button intent="primary" icon="send-message" aria-label={t('composer.send')} title={t('composer.send')} loading={sending} disabled={!text.trim()} onClick={() => void send()} data-testid="chat-send" />
    </div>
  )
}
