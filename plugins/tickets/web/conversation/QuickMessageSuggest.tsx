import { Menu, MenuItem } from '@blueprintjs/core'
import type { QuickMessage } from './types.ts'
import { truncatePreview } from './quick-match.ts'
import { useConversationT } from './i18n.ts'

interface Props {
  items: QuickMessage[]
  active: number
  onChoose: (q: QuickMessage) => void | Promise<void>
}

/** The "/" autocomplete above the input: shortcode and a 35-character preview of each matching quick message. */
export function QuickMessageSuggest({ items, active, onChoose }: Props) {
  const t = useConversationT()
  return (
    <div className="zd-conv-suggest" role="listbox" aria-label={t('quickMessages')} data-testid="quick-suggest">
      <Menu>
        {items.map((q, i) => (
          <MenuItem
            key={q.id}
            active={i === active}
            text={<span><strong>/{q.shortcode}</strong> <span className="zd-muted">{truncatePreview(q.message)}</span></span>}
            // mousedown keeps the textarea focused (a click would blur it first)
            onMouseDown={(e) => {
              e.preventDefault()
              void onChoose(q)
            }}
            data-testid="quick-suggest-item"
          />
        ))}
      </Menu>
    </div>
  )
}
