/** A help entry's video field holds a YouTube code or a full link; both give the same id. */
export function youtubeId(video: string | null | undefined): string | null {
  const v = (video ?? '').trim()
  if (!v) return null
  if (/^[\w-]{6,20}$/.test(v)) return v
  try {
    const url = new URL(v)
    if (url.hostname.endsWith('youtu.be')) return url.pathname.slice(1).split('/')[0] || null
    if (url.searchParams.get('v')) return url.searchParams.get('v')
    const m = /\/(?:embed|shorts|live)\/([\w-]+)/.exec(url.pathname)
    return m ? m[1] : null
  } catch {
    return null
  }
}

export const embedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`
export const thumbnailUrl = (id: string): string => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`
