import { useState } from 'react'
import { Avatar } from '@zapdesk/plugin-api/web'

/** The contact's WhatsApp picture when it loads, else initials (picture links expire). */
export function TicketAvatar({ name, url, size = 40 }: { name: string; url: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState(false)
  if (!url || failed) return <Avatar name={name} size={size} />
  return <img src={url} alt="" width={size} height={size} className="zd-avatar" style={{ objectFit: 'cover' }} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
}
