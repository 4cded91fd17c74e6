/**
 * WhatsApp's inline formatting (*bold*, _italic_, ~strike~, ```mono```) and bare links, as flat segments the
 * bubble renders with React elements (never as HTML, so a message cannot inject markup). Markers count only at word
 * edges, as in WhatsApp: "2*3*4" stays plain.
 */
export interface Segment {
  text: string
  style?: 'bold' | 'italic' | 'strike' | 'mono'
  href?: string
}

const TOKEN = new RegExp(
  [
    '```([\\s\\S]+?)```',
    '(?<![\\w*])\\*(?!\\s)([^*\\n]+?)(?<!\\s)\\*(?![\\w*])',
    '(?<![\\w_])_(?!\\s)([^_\\n]+?)(?<!\\s)_(?![\\w_])',
    '(?<![\\w~])~(?!\\s)([^~\\n]+?)(?<!\\s)~(?![\\w~])',
    '(https?:\\/\\/[^\\s<>"]+[^\\s<>".,;:!?)\\]])',
  ].join('|'),
  'g',
)
const STYLES = ['mono', 'bold', 'italic', 'strike'] as const

export function formatSegments(text: string): Segment[] {
  const out: Segment[] = []
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0
    if (at > last) out.push({ text: text.slice(last, at) })
    const group = m.slice(1).findIndex((g) => g !== undefined)
    if (group === 4) out.push({ text: m[5], href: m[5] })
    else out.push({ text: m[group + 1], style: STYLES[group] })
    last = at + m[0].length
  }
  if (last < text.length) out.push({ text: text.slice(last) })
  return out
}
