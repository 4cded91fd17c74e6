import { InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { PALETTE } from './palette.ts'

interface Props {
  value: string
  onChange: (color: string) => void
  /** Colours other queues use: shown crossed out, since colours are unique per company. */
  taken: string[]
}

/** About 50 preset swatches plus a free hex field. */
export function ColorPalette({ value, onChange, taken }: Props) {
  const { t } = useTranslation('queues')
  const used = new Set(taken.map((c) => c.toLowerCase()))
  return (
    <div className="zd-palette">
      <div className="zd-palette__grid" role="radiogroup" aria-label={t('dialog.color')}>
        {PALETTE.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={value.toLowerCase() === c}
            aria-label={c}
            title={c}
            data-color={c}
            disabled={used.has(c)}
            className={`zd-palette__swatch${value.toLowerCase() === c ? ' is-selected' : ''}`}
            style={{ background: c }}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
      <InputGroup id="queue-color" value={value} maxLength={9} leftElement={<span className="zd-palette__preview" style={{ background: value }} />}
        placeholder={t('dialog.customColor')} aria-label={t('dialog.customColor')} onChange={(e) => onChange(e.target.value.trim())} />
    </div>
  )
}
