import { Button, Checkbox, Menu, MenuDivider, MenuItem, PopoverNext, Spinner, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { Option } from './types.ts'
import './pickers.css'

interface Props {
  icon: IconName
  label: string
  options: Option[] | null
  selected: number[]
  onChange: (ids: number[]) => void
  testId: string
}

/** A button opening a checklist (queues, tags, users); the button counts what is chosen. */
export function CheckListFilter({ icon, label, options, selected, onChange, testId }: Props) {
  const { t } = useTranslation('tickets')
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id])
  const content = (
    <Menu className="zd-checklist" data-testid={`${testId}-menu`}>
      {options === null && <div className="zd-checklist__loading"><Spinner size={20} /></div>}
      {options?.length === 0 && <MenuItem disabled text={t('filters.none')} />}
      {options && options.length > 1 && (
        <>
          <MenuItem icon="tick" text={t('filters.all')} onClick={() => onChange(options.map((o) => o.id))} shouldDismissPopover={false} />
          <MenuItem icon="cross" text={t('filters.clear')} onClick={() => onChange([])} shouldDismissPopover={false} />
          <MenuDivider />
        </>
      )}
      {options?.map((o) => (
        <li key={o.id} className="zd-checklist__item">
          <Checkbox checked={selected.includes(o.id)} onChange={() => toggle(o.id)} data-option-id={o.id}>
            {o.color && <span className="zd-checklist__swatch" style={{ background: o.color }} />}
            {o.name}
          </Checkbox>
        </li>
      ))}
    </Menu>
  )
  return (
    <PopoverNext content={content} placement="bottom-start">
      <Button size="small" variant="outlined" icon={icon} endIcon="caret-down" text={selected.length ? `${label} (${selected.length})` : label} data-testid={testId} />
    </PopoverNext>
  )
}
