import { useState } from 'react'
import { Avatar } from '@zapdesk/plugin-api/web'

/** The WhatsApp picture when there is one that loads, the initials otherwise (picture links expire). */
export function ContactAvatar({ name, url, size = 32 }: { name: string; url: string | null; size?: number }) {
  const [failed, setFailed] = useState(false)
  if (!url || failed) return <Avatar name={name} size={size} />
  return <img src={url} alt="" width={size} height={size} className="zd-avatar" style={{ objectFit: 'cover' }} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
}
