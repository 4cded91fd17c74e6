/** Initials on a colour derived from the name, so the same person always gets the same colour. */
const PALETTE = ['#0b8f6a', '#2f6fdb', '#8f4bd8', '#d9822b', '#c23030', '#0f9960', '#1f4b99', '#a82255']

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return '?'
  const first = parts[0][0] ?? ''
  const last = parts.length > 1 ? parts[parts.length - 1][0] ?? '' : ''
  return (first + last).toUpperCase()
}

export function Avatar({ name, size = 32 }: { name: string; size?: number }) {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const color = PALETTE[hash % PALETTE.length]
  return (
    <span className="zd-avatar" style={{ width: size, height: size, background: color, fontSize: size * 0.4 }} aria-hidden="true">
      {initials(name)}
    </span>
  )
}
