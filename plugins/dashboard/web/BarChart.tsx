import { Card, Spinner } from '@blueprintjs/core'
import { Bar } from 'react-chartjs-2'
import type { ChartOptions } from 'chart.js'
import { useChartColors } from './chart-theme.ts'

interface Props {
  title: string
  /** Shown under the title (e.g. the total of the range). */
  subtitle?: string
  labels: string[]
  values: number[]
  /** Long category names (attendants) read better as horizontal bars. */
  horizontal?: boolean
  loading: boolean
  empty: string
  testId: string
}

/** One bar chart card: a spinner until data arrives, the empty text when every bar is zero. */
export function BarChart({ title, subtitle, labels, values, horizontal, loading, empty, testId }: Props) {
  const colors = useChartColors()
  const hasData = values.some((v) => v > 0)
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid } }
  const options: ChartOptions<'bar'> = {
    indexAxis: horizontal ? 'y' : 'x',
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 250 },
    plugins: { tooltip: { intersect: false } },
    scales: {
      x: horizontal ? { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } } : { ...axis, grid: { display: false } },
      y: horizontal ? { ...axis, grid: { display: false } } : { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
    },
  }
  const height = horizontal ? Math.max(180, labels.length * 34 + 40) : 260

  return (
    <Card className="zd-section-card zd-dash-chart" data-testid={testId}>
      <h2 className="zd-section-title">{title}</h2>
      {subtitle && <p className="zd-muted zd-dash-chart__subtitle">{subtitle}</p>}
      {loading && !labels.length ? (
        <div className="zd-dash-chart__placeholder" style={{ height }}><Spinner size={24} /></div>
      ) : !hasData ? (
        <div className="zd-dash-chart__placeholder zd-muted" style={{ height: 120 }} data-testid={`${testId}-empty`}>{empty}</div>
      ) : (
        <div style={{ height, position: 'relative' }}>
          <Bar data={{ labels, datasets: [{ data: values, backgroundColor: colors.bar, borderRadius: 4, maxBarThickness: 36 }] }} options={options} />
        </div>
      )}
    </Card>
  )
}
