/** A bare YouTube video id (11 characters today; older and test ids vary in length). */
const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/
const HOSTS = new Set(['youtube.com', 'youtube-nocookie.com'])

/**
 * The video id of what an admin pastes: the id itself, or a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/,
 * /live/, with or without scheme and www/m). Null for anything else, links to other sites included.
 */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim()
  if (VIDEO_ID.test(text)) return text
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '')
  let id: string | null | undefined
  if (host === 'youtu.be') id = url.pathname.split('/')[1]
  else if (HOSTS.has(host)) id = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1]
  return id && VIDEO_ID.test(id) ? id : null
}
