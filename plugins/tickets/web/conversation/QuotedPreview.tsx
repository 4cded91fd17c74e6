import { Button } from '@blueprintjs/core'
import type { QuotedMessage } from './types.ts'
import { mediaKind } from './media-kind.ts'
import { useConversationT } from './i18n.ts'

interface Props {
  quoted: QuotedMessage
  /** The contact's name, for quoted messages without their own contact (one-to-one chats). */
  contactName: string
  /** Shown in the input's reply banner: cancels the reply. */
  onCancel?: () => void
}

/** The quoted message above a reply (in the bubble and in the reply banner): who wrote it and a one-line gist. */
export function QuotedPreview({ quoted, contactName, onCancel }: Props) {
  const t = useConversationT()
  const kind = mediaKind(quoted)
  const author = quoted.fromMe ? t('you') : quoted.contact?.name ?? contactName
  const gist = quoted.isDeleted
    ? t('deleted')
    : kind === 'text' || kind === 'location' || kind === 'vcard' ? quoted.body : quoted.body && quoted.body !== quoted.mediaName ? quoted.body : t(`media.${kind}`)
  return (
    <div className={`zd-conv-quote${quoted.fromMe ? ' is-me' : ''}`} data-testid="quoted-message">
      <div className="zd-conv-quote__text">
        <strong>{author}</strong>
        <span>{kind === 'location' ? t('media.location') : kind === 'vcard' ? t('media.vcard') : gist}</span>
      </div>
      {onCancel && <Button variant="minimal" size="small" icon="cross" aria-label={t('cancelReply')} title={t('cancelReply')} onClick={onCancel} data-testid="cancel-reply" />}
    </div>
  )
}
