import { useEffect, useState } from 'react'
import { Button, ButtonGroup, InputGroup } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { api, ConfirmDialog, DataTable, listRoute, liveRecords, PageHeader, toastError, useConfirmDelete, useCrudList, useRealtime } from '@zapdesk/plugin-api/web'
import type { ContactOption, Schedule, ScheduleEvent } from './types.ts'
import { addDays, addMonths, dayKey, monthOf, startOfMonth } from './calendar.ts'
import { useMonthSchedules } from './use-month-schedules.ts'
import { MonthCalendar } from './MonthCalendar.tsx'
import { DayAgenda } from './DayAgenda.tsx'
import { WeekView } from './WeekView.tsx'
import { ScheduleDialog } from './ScheduleDialog.tsx'
import { useScheduleColumns } from './schedule-columns.tsx'
import { isEditable } from './rules.ts'
import './schedules.css'

const fetchPage = listRoute<Schedule>('/schedules', 'schedules')
const live = liveRecords<Schedule>('schedule', { record: 'schedule', id: 'scheduleId' })

type View = 'month' | 'week' | 'list'

/**
 * The spec's Schedules page: a month calendar (each schedule an event at its time; a day's agenda beside it), a week, and a
 * list with its count, search and infinite scroll; edit and delete icons; `?contactId=` opens a new schedule for
 * that contact (the contacts page's schedule button). Everything follows the `schedule` topic live.
 */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules')
  const [params, setParams] = useSearchParams()
  const [view, setView] = useState<View>('month')
  const [month, setMonth] = useState(() => startOfMonth(new Date()))
  const [day, setDay] = useState(() => dayKey(new Date()))
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null)
  const [prefill, setPrefill] = useState<ContactOption | null>(null)
  const crud = useCrudList<Schedule>({ fetchPage, key: (s) => s.id, live })
  const monthData = useMonthSchedules(month, crud.term)
  useRealtime('schedule', (data) => monthData.apply(data as unknown as ScheduleEvent))
  const deletion = useConfirmDelete<Schedule>((s) => api.del(`/schedules/${s.id}`), (s) => {
    crud.list.remove(s)
    monthData.apply({ action: 'delete', scheduleId: s.id })
  }, t('deleted'))

  const contactParam = params.get('contactId')
  useEffect(() => {
    const id = Number(contactParam)
    if (!contactParam) return
    setParams((p) => { p.delete('contactId'); return p }, { replace: true })
    if (!Number.isInteger(id) || id < 1) return
    api.get<ContactOption>(`/contacts/${id}`).then((c) => { setPrefill({ id: c.id, name: c.name, number: c.number }); setEditing('new') }).catch(toastError)
  }, [contactParam, setParams])

  const openNew = () => { setPrefill(null); setEditing('new') }
  const moveMonth = (delta: -1 | 1 | 'today') => {
    const next = delta === 'today' ? startOfMonth(new Date()) : addMonths(month, delta)
    setMonth(next)
    setDay(delta === 'today' ? dayKey(new Date()) : dayKey(next))
  }
  // The week's days always sit in its month's grid, which the month's data covers.
  const moveWeek = (delta: -1 | 1 | 'today') => {
    const next = delta === 'today' ? dayKey(new Date()) : addDays(day, 7 * delta)
    setDay(next)
    setMonth(monthOf(next))
  }
  const columns = useScheduleColumns()
  const target = deletion.target
  return (
    <div className="zd-page zd-page--fill zd-schedules">
      <PageHeader title={t('title')} count={crud.list.count != null ? t('count', { count: crud.list.count }) : undefined} actions={
        <>
          <InputGroup type="search" leftIcon="search" placeholder={t('search')} aria-label={t('search')} value={crud.search} onChange={(e) => crud.setSearch(e.target.value)} className="zd-search" data-testid="schedules-search" />
          <ButtonGroup aria-label={t('views.label')}>
            <Button icon="calendar" text={t('views.month')} active={view === 'month'} onClick={() => setView('month')} data-testid="view-month" />
            <Button icon="timeline-events" text={t('views.week')} active={view === 'week'} onClick={() => { setMonth(monthOf(day)); setView('week') }} data-testid="view-week" />
            <Button icon="list" text={t('views.list')} active={view === 'list'} onClick={() => setView('list')} data-testid="view-list" />
          </ButtonGroup>
          <Button intent="primary" icon="add" text={t('add')} onClick={openNew} data-testid="schedules-add" />
        </>
      } />
      {view === 'week' && (
        <div className="zd-schedules__week">
          <WeekView day={day} items={monthData.items} loading={monthData.loading} onWeek={moveWeek} onSelectDay={setDay} onEdit={setEditing} onDelete={deletion.ask} />
        </div>
      )}
      {view === 'month' && (
        <div className="zd-schedules__calendar">
          {monthData.error
            ? <div className="zd-cal__error" role="alert">{t('loadError')} <Button icon="refresh" text={t('retry')} onClick={monthData.reload} /></div>
            : <MonthCalendar month={month} items={monthData.items} loading={monthData.loading} selectedDay={day} onSelectDay={setDay} onMonth={moveMonth} onOpen={(s) => isEditable(s) && setEditing(s)} />}
          <DayAgenda day={day} items={monthData.items} onEdit={setEditing} onDelete={deletion.ask} />
        </div>
      )}
      {view === 'list' && (
        <DataTable<Schedule> list={crud.list} columns={columns} rowKey={(s) => s.id} rowProps={(s) => ({ 'data-schedule': s.id })} testId="schedules-table"
          actions={{ onDelete: deletion.ask, deletable: (s) => s.status !== 'sending', testIds: { delete: 'schedule-delete' },
            extra: (s) => !isEditable(s) ? null : <Button variant="minimal" icon="edit" title={t('edit')} aria-label={t('edit')} onClick={() => setEditing(s)} data-testid="schedule-edit" /> }}
          empty={{ icon: 'calendar', title: crud.term ? t('emptySearch', { term: crud.term }) : t('empty'), description: crud.term ? undefined : t('emptyHint') }} />
      )}
      <ScheduleDialog open={editing !== null} current={editing === 'new' ? undefined : editing ?? undefined} contact={prefill}
        onClose={() => setEditing(null)} onSaved={(s) => { crud.list.upsert(s); monthData.apply({ action: 'update', schedule: s }) }} />
      <ConfirmDialog open={target !== null} title={target ? t('deleteTitle', { name: target.contact?.name ?? t('unknownContact') }) : ''}
        busy={deletion.busy} onConfirm={deletion.confirm} onCancel={deletion.cancel}>
        {target?.sentAt ? t('deleteSentBody') : t('deleteBody')}
      </ConfirmDialog>
    </div>
  )
}
