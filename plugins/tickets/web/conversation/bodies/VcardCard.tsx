import { Avatar } from '@zapdesk/plugin-api/web'
import { parseVcard } from '../vcard.ts'
import { useConversationT } from '../i18n.ts'

/** A shared contact: its name and number. */
export function VcardCard({ body }: { body: string }) {
  const t = useConversationT()
  const { name, number } = parseVcard(body)
  return (
    <div className="zd-conv-vcard" data-testid="vcard-card">
      <Avatar name={name || '?'} size={36} />
      <div>
        <strong>{name || t('media.vcard')}</strong>
        {number && <div className="zd-muted">{number}</div>}
      </div>
    </div>
  )
}
