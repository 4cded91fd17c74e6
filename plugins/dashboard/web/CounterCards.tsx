import { Card, Classes, Icon, type IconName } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatMinutes } from './format.ts'
import type { Counters } from './types.ts'

const CARDS: Array<{ key: keyof Counters; icon: IconName; tone: string; time?: boolean }> = [
  { key: 'supportHappening', icon: 'chat', tone: 'brand' },
  { key: 'supportPending', icon: 'time', tone: 'warning' },
  { key: 'supportFinished', icon: 'tick-circle', tone: 'success' },
  { key: 'leads', icon: 'new-person', tone: 'primary' },
  { key: 'avgSupportTime', icon: 'stopwatch', tone: 'brand', time: true },
  { key: 'avgWaitTime', icon: 'history', tone: 'danger', time: true },
]

/** The spec's six cards, in its order; skeletons while the first answer loads, dashes without one. */
export function CounterCards({ counters, loading }: { counters: Counters | null; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard')
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <div className="zd-dash-cards">
      {CARDS.map((c) => (
        <Card key={c.key} className={`zd-dash-card zd-dash-card--${c.tone}`} data-testid={`card-${c.key}`}>
          <span className="zd-dash-card__icon"><Icon icon={c.icon} size={18} /></span>
          <div>
            <div className="zd-dash-card__label">{t(`cards.${c.key}`)}</div>
            <div className={`zd-dash-card__value ${!counters && loading ? Classes.SKELETON : ''}`} data-testid={`card-${c.key}-value`}>
              {counters ? (c.time ? formatMinutes(counters[c.key]) : number.format(counters[c.key])) : loading ? '000' : '—'}
            </div>
          </div>
        </Card>
      ))}
    </div>
  )
}
