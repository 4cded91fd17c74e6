import { Button, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import type { ExtraInfo } from './types.ts'

interface Props {
  value: ExtraInfo[]
  onChange: (next: ExtraInfo[]) => void
}

/** The contact's extra information: a list of name/value pairs, added and removed in place. */
export function ExtraInfoEditor({ value, onChange }: Props) {
  const { t } = useTranslation('contacts')
  const set = (i: number, patch: Partial<ExtraInfo>) => onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  return (
    <fieldset className="zd-extra-info" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="bp6-label">{t('dialog.extraInfo')}</legend>
      {value.map((f, i) => (
        <div key={f.id ?? `new-${i}`} className="zd-grid-2" style={{ gridTemplateColumns: '1fr 1fr auto', marginBottom: 8 }} data-testid="extra-info-row">
          <InputGroup placeholder={t('dialog.extraName')} aria-label={t('dialog.extraName')} value={f.name} maxLength={100} onChange={(e) => set(i, { name: e.target.value })} />
          <InputGroup placeholder={t('dialog.extraValue')} aria-label={t('dialog.extraValue')} value={f.value} maxLength={1000} onChange={(e) => set(i, { value: e.target.value })} />
          <Button variant="minimal" icon="trash" intent="danger" aria-label={t('dialog.removeExtra')} title={t('dialog.removeExtra')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button icon="add" variant="minimal" intent="primary" text={t('dialog.addExtra')} onClick={() => onChange([...value, { name: '', value: '' }])} data-testid="extra-info-add" />
    </fieldset>
  )
}
