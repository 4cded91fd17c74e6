/** A help entry's video: the YouTube id the server stored (it turns a pasted link into its id). */
export function youtubeId(video: string | null | undefined): string | null {
  const v = (video ?? '').trim()
  return /^[\w-]{1,64}$/.test(v) ? v : null
}

export const embedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`
export const thumbnailUrl = (id: string): string => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`
