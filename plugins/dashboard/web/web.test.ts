import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { chartDays, dashboardQuery, defaultDates, PERIODS, shiftDay, validDays } from './filters.ts'
import { dayLabel, formatMinutes, formatRating, ratingStep } from './format.ts'
import { fillDays } from './chart-data.ts'

t.test('translations: the spec\'s Portuguese texts', async (t) => {
  t.same(Object.values(pt.cards), ['Em Conversa', 'Aguardando', 'Finalizados', 'Novos Contatos', 'T.M. de Conversa', 'T.M. de Espera'])
  t.same(Object.values(pt.rating), ['Insatisfeito', 'Satisfeito', 'Muito Satisfeito'])
  t.equal(pt.errors.ERR_DASHBOARD_FILTER_REQUIRED, 'Parametrize o filtro')
  t.equal(pt.chartUsersFailed, 'Erro ao obter informações da conversa')
  t.equal(pt.chartDaysFailed, 'Erro ao buscar informações dos tickets')
})

t.test('filters: periods, dates, and the empty filter', async (t) => {
  t.same([...PERIODS], [3, 7, 15, 30, 60, 90])
  t.same(defaultDates(new Date(2030, 2, 17)), { dateFrom: '2030-03-01', dateTo: '2030-03-17' })
  t.same(dashboardQuery({ type: 'period', days: 15 }), { days: 15 })
  t.same(dashboardQuery({ type: 'date', dateFrom: '2030-03-01', dateTo: '' }), { date_from: '2030-03-01' })
  t.same(dashboardQuery({ type: 'date', dateFrom: '2030-03-01', dateTo: '2030-03-17' }), { date_from: '2030-03-01', date_to: '2030-03-17' })
  t.equal(dashboardQuery({ type: 'date', dateFrom: '', dateTo: '' }), null, 'Parametrize o filtro')
  t.equal(dashboardQuery({ type: 'period', days: 0 }), null)

  const today = '2030-03-17'
  t.same(chartDays({ type: 'period', days: 7 }, today), { initialDate: '2030-03-11', finalDate: today }, 'seven days, today included')
  t.same(chartDays({ type: 'date', dateFrom: '2030-03-01', dateTo: '' }, today), { initialDate: '2030-03-01', finalDate: today })
  t.same(chartDays({ type: 'date', dateFrom: '', dateTo: '2030-03-05' }, today), { initialDate: '2030-03-05', finalDate: '2030-03-05' })
  t.same(chartDays({ type: 'date', dateFrom: '2030-04-01', dateTo: '' }, today), { initialDate: '2030-04-01', finalDate: '2030-04-01' })
  t.equal(chartDays({ type: 'date', dateFrom: '', dateTo: '' }, today), null)
  t.equal(shiftDay('2030-03-01', -1), '2030-02-28')
  t.ok(validDays({ initialDate: '2030-03-01', finalDate: '2030-03-01' }))
  t.notOk(validDays({ initialDate: '2030-03-02', finalDate: '2030-03-01' }))
  t.notOk(validDays({ initialDate: '2030-02-30', finalDate: '2030-03-01' }))
})

t.test('formats: minutes as h/min, ratings on the 1-3 scale', async (t) => {
  t.equal(formatMinutes(0), '0min')
  t.equal(formatMinutes(38.5), '39min')
  t.equal(formatMinutes(59.4), '59min')
  t.equal(formatMinutes(125), '2h 05min')
  t.equal(formatMinutes(60 * 26), '26h 00min')
  t.equal(formatMinutes(null), '—')
  t.same([ratingStep(null), ratingStep(1), ratingStep(1.4), ratingStep(2.33), ratingStep(2.5), ratingStep(3)], [null, 1, 1, 2, 3, 3])
  t.equal(formatRating(2.33, 'pt'), '2,3')
  t.equal(formatRating(2, 'en'), '2')
  t.equal(dayLabel('2030-03-09'), '09/03')
})

t.test('chart bars: every hour of a day, every day of a range, zero where nothing happened', async (t) => {
  const hours = fillDays([{ horario: '09', total: 2 }, { horario: '23', total: 1 }], '2030-03-10', '2030-03-10')
  t.equal(hours.length, 24)
  t.same(hours.filter((h) => h.total), [{ key: '09', total: 2 }, { key: '23', total: 1 }])
  t.same(fillDays([{ data: '2030-02-28', total: 4 }], '2030-02-27', '2030-03-01'), [
    { key: '2030-02-27', total: 0 }, { key: '2030-02-28', total: 4 }, { key: '2030-03-01', total: 0 }])
  t.same(fillDays([{ data: '2031-06-01', total: 1 }], '2030-01-01', '2031-12-31'), [{ key: '2031-06-01', total: 1 }], 'beyond a year: only the days with tickets')
})
