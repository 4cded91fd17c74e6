import { useState } from 'react'
import { Avatar } from '@zapdesk/plugin-api/web'

/** The WhatsApp picture while its link works (they expire), the initials otherwise. */
export function ContactPicture({ name, url, size }: { name: string; url: string | null | undefined; size: number }) {
  const [failed, setFailed] = useState(false)
  if (!url || failed) return <Avatar name={name} size={size} />
  return <img src={url} alt="" width={size} height={size} className="zd-avatar" style={{ objectFit: 'cover' }} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
}
