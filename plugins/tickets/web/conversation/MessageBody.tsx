import type { Message } from './types.ts'
import { mediaKind } from './media-kind.ts'
import { FormattedText } from './FormattedText.tsx'
import { MediaImage } from './bodies/MediaImage.tsx'
import { MediaPlayer } from './bodies/MediaPlayer.tsx'
import { MediaDocument } from './bodies/MediaDocument.tsx'
import { LocationCard } from './bodies/LocationCard.tsx'
import { VcardCard } from './bodies/VcardCard.tsx'

/** A caption is worth showing unless it only repeats the file name (what WhatsApp puts in an uncaptioned body). */
const caption = (m: Message) => (m.body && m.body !== m.mediaName ? <FormattedText text={m.body} /> : null)

/** What a bubble contains, by media kind (missed calls are drawn by the row, outside a bubble). */
export function MessageBody({ message: m }: { message: Message }) {
  const kind = mediaKind(m)
  if (kind === 'location') return <LocationCard body={m.body} />
  if (kind === 'vcard') return <VcardCard body={m.body} />
  if (kind === 'text' || !m.mediaUrl) return <FormattedText text={m.body} />
  if (kind === 'image') {
    return (
      <>
        <MediaImage url={m.mediaUrl} name={m.mediaName} />
        {caption(m)}
      </>
    )
  }
  if (kind === 'audio') return <MediaPlayer url={m.mediaUrl} name={m.mediaName} kind="audio" />
  if (kind === 'video') {
    return (
      <>
        <MediaPlayer url={m.mediaUrl} name={m.mediaName} kind="video" />
        {caption(m)}
      </>
    )
  }
  return (
    <>
      <MediaDocument url={m.mediaUrl} name={m.mediaName} />
      {caption(m)}
    </>
  )
}
