import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { Button, Switch, TextArea } from '@blueprintjs/core'
import { fetchBlob, PHONE_QUERY, toastError, toastWarning, useMediaQuery, useSession } from '@zapdesk/plugin-api/web'
import type { ConversationTicket, Message, QuickMessage } from './types.ts'
import { matchQuickMessages, quickTerm } from './quick-match.ts'
import { mimeFromName } from './media-kind.ts'
import { signBody } from './signature.ts'
import { keepRecording, microphoneErrorKey } from './audio-rules.ts'
import { useSignature } from './use-signature.ts'
import { useQuickMessages } from './use-quick-messages.ts'
import { useSendMessage } from './use-send-message.ts'
import { useAudioRecorder } from './use-audio-recorder.ts'
import { useConversationT } from './i18n.ts'
import { QuotedPreview } from './QuotedPreview.tsx'
import { QuickMessageSuggest } from './QuickMessageSuggest.tsx'
import { AttachmentsBar } from './AttachmentsBar.tsx'
import { RecorderBar } from './RecorderBar.tsx'

interface Props {
  ticket: ConversationTicket
  replyTo: Message | null
  onCancelReply: () => void
  /** A message the server answered with, shown before its realtime frame. */
  onSent?: (m: Message) => void
}

/** Why the input is locked: a pending ticket must be accepted first, a closed one reopened. */
const lockOf = (status: string) => (status === 'pending' ? 'lockedPending' : status === 'closed' ? 'lockedClosed' : null)

/** The message box: text (Enter sends), "/" quick messages, reply, signature, files and voice recording. */
export function MessageInput({ ticket, replyTo, onCancelReply, onSent }: Props) {
  const t = useConversationT()
  const { user } = useSession()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [active, setActive] = useState(0)
  const [signed, setSigned] = useSignature()
  const { send, sending } = useSendMessage(ticket.id, onSent)
  const recorder = useAudioRecorder()
  const quick = useQuickMessages(quickTerm(text) !== null)
  const matches = matchQuickMessages(text, quick)
  const input = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const lock = lockOf(ticket.status)
  // the full hint wraps onto two lines on a phone
  const phone = useMediaQuery(PHONE_QUERY)

  useEffect(() => setActive(0), [text])
  useEffect(() => {
    if (replyTo) input.current?.focus()
  }, [replyTo])

  const sign = (body: string) => signBody(body, user?.name, signed)

  async function submit() {
    if (sending || lock) return
    const body = text.trim()
    if (files.length) {
      if (await send({ body: sign(body), files, quotedId: replyTo?.id })) {
        setFiles([])
        setText('')
        onCancelReply()
      }
      return
    }
    // Spec: an empty message cannot be sent.
    if (!body) return
    if (await send({ body: sign(body), quotedId: replyTo?.id })) {
      setText('')
      onCancelReply()
    }
  }

  /** A quick message fills the text and, when it has one, attaches its file: Enter sends both. */
  async function choose(q: QuickMessage) {
    setText(q.message)
    input.current?.focus()
    if (!q.mediaPath) return
    try {
      const blob = await fetchBlob(`/api/media/${q.mediaPath}`)
      const name = q.mediaName || q.mediaPath
      setFiles((f) => [...f, new File([blob], name, { type: blob.type && blob.type !== 'application/octet-stream' ? blob.type : mimeFromName(name) ?? '' })])
    } catch (e) {
      toastError(e)
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return
    if (matches.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length)
        return
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault()
        void choose(matches[Math.min(active, matches.length - 1)])
        return
      }
      if (e.key === 'Escape') {
        e.preventDefault()
        setText('')
        return
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      void submit()
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = Array.from(e.clipboardData.files)
    if (pasted.length === 0) return
    e.preventDefault()
    setFiles((f) => [...f, ...pasted])
  }

  async function startRecording() {
    try {
      await recorder.start()
    } catch (e) {
      toastWarning(t(microphoneErrorKey(e)))
    }
  }

  async function sendRecording() {
    let file: File | null
    try {
      file = await recorder.finish()
    } catch {
      toastWarning(t('audio.encodeFailed'))
      return
    }
    if (!file) return
    if (!keepRecording(file.size)) {
      toastWarning(t('audio.tooShort'))
      return
    }
    await send({ body: '', files: [file] })
  }

  const empty = !text.trim() && files.length === 0
  return (
    <div className="zd-conv-input" data-testid="message-input">
      {lock && <div className="zd-conv-locked" role="status" data-testid="input-locked">{t(lock)}</div>}
      {replyTo && !lock && <QuotedPreview quoted={replyTo} contactName={ticket.contact.name} onCancel={onCancelReply} />}
      <AttachmentsBar files={files} onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))} />
      {matches.length > 0 && !lock && <QuickMessageSuggest items={matches} active={active} onChoose={choose} />}
      {recorder.recording ? (
        <RecorderBar seconds={recorder.seconds} busy={sending || recorder.encoding} onCancel={recorder.cancel} onSend={() => void sendRecording()} />
      ) : (
        <div className="zd-conv-input__row">
          <Button variant="minimal" icon="paperclip" aria-label={t('attach')} title={t('attach')} disabled={!!lock} onClick={() => picker.current?.click()} data-testid="attach" />
          <input ref={picker} type="file" multiple hidden data-testid="attach-input" onChange={(e) => {
            const chosen = Array.from(e.target.files ?? [])
            e.target.value = ''
            setFiles((f) => [...f, ...chosen])
          }} />
          <TextArea
            inputRef={input}
            className="zd-conv-textarea"
            rows={1}
            autoResize
            fill
            value={text}
            disabled={!!lock}
            placeholder={files.length ? t('captionPlaceholder') : phone ? t('placeholderShort') : t('placeholder')}
            aria-label={t('placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            data-testid="message-textarea"
          />
          <Switch className="zd-conv-sign" checked={signed} onChange={(e) => setSigned(e.currentTarget.checked)} label={t('sign')} disabled={!!lock} data-testid="sign-toggle" />
          {empty ? (
            <Button variant="minimal" icon="microphone" aria-label={t('audio.start')} title={t('audio.start')} disabled={!!lock || sending} onClick={() => void startRecording()} data-testid="audio-start" />
          ) : (
            <Button intent="primary" icon="send-message" aria-label={t('send')} title={t('send')} disabled={!!lock} loading={sending} onClick={() => void submit()} data-testid="send-message" />
          )}
        </div>
      )}
    </div>
  )
}
