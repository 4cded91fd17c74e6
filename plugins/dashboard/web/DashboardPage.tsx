import { useMemo, useState } from 'react'
import { Spinner } from '@blueprintjs/core'
import { Navigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { EmptyState, hasRoute, PageHeader, useDebouncedValue, useSession } from '@zapdesk/plugin-api/web'
import { defaultDates, type Filter } from './filters.ts'
import { useDashboard } from './use-dashboard.ts'
import { FilterBar } from './FilterBar.tsx'
import { CounterCards } from './CounterCards.tsx'
import { AttendantsTable } from './AttendantsTable.tsx'
import { BarChart } from './BarChart.tsx'
import { fillDays } from './chart-data.ts'
import { dayLabel } from './format.ts'
import './dashboard.css'

/**
 * '/' is the dashboard for admins (spec). Agents land here too after signing in, and the shell sends refused pages
 * here: they go on to their tickets, so '/' never bounces between two refusals.
 */
export default function DashboardPage() {
  const { isAdmin, user } = useSession()
  const { t } = useTranslation('dashboard')
  if (isAdmin) return <AdminDashboard />
  if (hasRoute('/tickets')) return <Navigate to="/tickets" replace />
  return (
    <div className="zd-page">
      <EmptyState icon="hand" title={t('agent.title', { name: user?.name.split(' ')[0] ?? '' })} description={t('agent.text')} />
    </div>
  )
}

function AdminDashboard() {
  const { t } = useTranslation('dashboard')
  const dates = useMemo(() => defaultDates(), [])
  const [filter, setFilter] = useState<Filter>({ type: 'date', ...dates })
  // Typing a date fires a change per keystroke: wait for the user to stop before asking the server.
  const applied = useDebouncedValue(filter)
  const { stats, perUser, perDay, days } = useDashboard(applied)

  const userBars = perUser.data?.data ?? []
  const dayBars = perDay.data && days ? fillDays(perDay.data.data, days.initialDate, days.finalDate) : []
  const singleDay = days?.initialDate === days?.finalDate
  const refreshing = stats.loading && stats.data !== null

  return (
    <div className="zd-page zd-dash" data-testid="dashboard">
      <PageHeader
        title={<>{t('title')}{refreshing && <Spinner size={16} className="zd-dash__refreshing" />}</>}
        subtitle={t('subtitle')}
        actions={<FilterBar filter={filter} onChange={setFilter} fallbackDates={dates} />}
      />
      <CounterCards counters={stats.data?.counters ?? null} loading={stats.loading} />

      <h2 className="zd-section-title">{t('attendants.title')}</h2>
      <AttendantsTable attendants={stats.data?.attendants ?? null} loading={stats.loading} />

      <div className="zd-dash-charts">
        <BarChart
          testId="chart-users" title={t('charts.perUser')} horizontal loading={perUser.loading} empty={t('charts.empty')}
          labels={userBars.map((b) => b.nome)} values={userBars.map((b) => b.quantidade)}
        />
        <BarChart
          testId="chart-days" title={t(singleDay ? 'charts.perHour' : 'charts.perDay')} loading={perDay.loading} empty={t('charts.empty')}
          subtitle={perDay.data ? t('charts.total', { count: perDay.data.count }) : undefined}
          labels={dayBars.map((b) => (singleDay ? `${b.key}h` : dayLabel(b.key)))} values={dayBars.map((b) => b.total)}
        />
      </div>
    </div>
  )
}
