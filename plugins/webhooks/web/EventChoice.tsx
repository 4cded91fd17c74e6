import { Checkbox } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { EventGroup } from './types.ts'
import { toggle } from './rules.ts'

interface Props {
  groups: EventGroup[]
  value: string[]
  onChange: (events: string[]) => void
}

/** The events as checkboxes grouped by domain; a domain's own box checks or clears all of its events. */
export function EventChoice({ groups, value, onChange }: Props) {
  const { t } = useTranslation('webhooks')
  return (
    <div className="zd-webhook-events" data-testid="webhook-events">
      {groups.map((g) => {
        const chosen = g.events.filter((e) => value.includes(e)).length
        return (
          <fieldset key={g.domain} className="zd-webhook-events__group">
            <legend>
              <Checkbox
                label={t(`domains.${g.domain}`)} checked={chosen === g.events.length} indeterminate={chosen > 0 && chosen < g.events.length}
                onChange={(e) => onChange(toggle(value, g.events, e.currentTarget.checked))} data-testid={`webhook-domain-${g.domain}`}
              />
            </legend>
            {g.events.map((name) => (
              <Checkbox key={name} label={t(`events.${name}`)} checked={value.includes(name)} className="zd-webhook-events__event"
                onChange={(e) => onChange(toggle(value, [name], e.currentTarget.checked))} data-event={name} />
            ))}
          </fieldset>
        )
      })}
    </div>
  )
}
