import { Tag } from '@blueprintjs/core'
import { useConversationT } from './i18n.ts'

/** The files chosen to send, each removable; the text typed goes with them as the caption. */
export function AttachmentsBar({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const t = useConversationT()
  if (files.length === 0) return null
  return (
    <div className="zd-conv-attachments" data-testid="attachments">
      <span className="zd-muted">{t('attachments', { count: files.length })}</span>
      {files.map((f, i) => (
        <Tag key={`${f.name}-${i}`} icon="paperclip" onRemove={() => onRemove(i)} minimal round title={f.name}>
          {f.name}
        </Tag>
      ))}
    </div>
  )
}
