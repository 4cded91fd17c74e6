import { useMemo } from 'react'
import { formatSegments } from './text-format.ts'

const TAGS = { bold: 'strong', italic: 'em', strike: 's', mono: 'code' } as const

/** A message text with WhatsApp's formatting and clickable links, built as elements (never as HTML). */
export function FormattedText({ text, className }: { text: string; className?: string }) {
  const segments = useMemo(() => formatSegments(text), [text])
  return (
    <span className={className ?? 'zd-conv-text'}>
      {segments.map((s, i) => {
        if (s.href) return <a key={i} href={s.href} target="_blank" rel="noopener noreferrer">{s.text}</a>
        if (s.style) {
          const Tag = TAGS[s.style]
          return <Tag key={i}>{s.text}</Tag>
        }
        return <span key={i}>{s.text}</span>
      })}
    </span>
  )
}
