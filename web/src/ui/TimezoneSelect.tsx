import { HTMLSelect } from '@blueprintjs/core'

/** Every IANA zone the browser knows, the current value kept even if it does not (an older browser). */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return known.includes(current) || !current ? known : [current, ...known]
}

interface Props {
  id: string
  value: string
  onChange: (zone: string) => void
  disabled?: boolean
}

/** A timezone picker (America/Sao_Paulo, Europe/Lisbon, ...), for the hours a company is open. */
export function TimezoneSelect({ id, value, onChange, disabled }: Props) {
  return (
    <HTMLSelect id={id} fill value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      {zones(value).map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
    </HTMLSelect>
  )
}
