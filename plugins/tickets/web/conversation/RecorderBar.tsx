import { Button } from '@blueprintjs/core'
import { formatDuration } from './audio-rules.ts'
import { useConversationT } from './i18n.ts'

interface Props {
  seconds: number
  busy: boolean
  onCancel: () => void
  onSend: () => void
}

/** Shown instead of the text box while recording: discard, elapsed time, send. */
export function RecorderBar({ seconds, busy, onCancel, onSend }: Props) {
  const t = useConversationT()
  return (
    <div className="zd-conv-recorder" data-testid="audio-recorder">
      <Button variant="minimal" icon="cross" intent="danger" aria-label={t('audio.cancel')} title={t('audio.cancel')} onClick={onCancel} disabled={busy} data-testid="audio-cancel" />
      <span className="zd-conv-recorder__dot" aria-hidden="true" />
      <span className="zd-conv-recorder__time" aria-live="off">{t('audio.recording')} {formatDuration(seconds)}</span>
      <Button variant="minimal" icon="tick-circle" intent="success" aria-label={t('audio.send')} title={t('audio.send')} onClick={onSend} loading={busy} data-testid="audio-send" />
    </div>
  )
}
