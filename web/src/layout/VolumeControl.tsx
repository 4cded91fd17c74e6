import { Button, PopoverNext, Slider } from '@blueprintjs/core'
import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { volumeAtom } from '../ui/preferences.ts'

export function VolumeControl() {
  const { t } = useTranslation()
  const [volume, setVolume] = useAtom(volumeAtom)
  const icon = volume === 0 ? 'volume-off' : volume < 0.5 ? 'volume-down' : 'volume-up'
  const content = (
    <div className="zd-volume">
      <div className="zd-volume__title">{t('topbar.volume')}</div>
      <Slider min={0} max={1} stepSize={0.1} labelStepSize={0.5} value={volume} onChange={setVolume} labelRenderer={(v) => `${Math.round(v * 100)}%`} />
    </div>
  )
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="minimal" icon={icon} aria-label={t('topbar.volume')} title={t('topbar.volume')} className="zd-hide-narrow" />
    </PopoverNext>
  )
}
