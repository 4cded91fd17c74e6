import t from 'tap'
import { filterKey, ticketQuery, type TicketFilter } from './ticket-filters.ts'

const base: TicketFilter = { tab: 'open', searchParam: 'maria', tags: [3], users: [4], queueIds: [1, 2], showAll: false, withUnreadMessages: false }

t.test('status tabs: status, show-all, queues as JSON; search-only filters left out', async (t) => {
  t.same(ticketQuery(base, 1), { pageNumber: 1, status: 'open', showAll: false, queueIds: '[1,2]' })
  t.same(ticketQuery({ ...base, tab: 'pending', showAll: true, withUnreadMessages: true }, 3), { pageNumber: 3, status: 'pending', showAll: true, queueIds: '[1,2]', withUnreadMessages: true })
  t.same(ticketQuery({ ...base, tab: 'closed', queueIds: [] }, 1), { pageNumber: 1, status: 'closed', showAll: false, queueIds: '[]' }, 'none chosen: only SEM FILA')
  t.same(ticketQuery({ ...base, queueIds: null }, 1), { pageNumber: 1, status: 'open', showAll: false }, 'every queue: no filter sent')
})

t.test('search tab: any status, text, tags and users as JSON strings', async (t) => {
  t.same(ticketQuery({ ...base, tab: 'search', searchParam: '  maria ' }, 2), { pageNumber: 2, status: undefined, showAll: true, queueIds: '[1,2]', searchParam: 'maria', tags: '[3]', users: '[4]' })
  t.same(ticketQuery({ ...base, tab: 'search', searchParam: ' ', tags: [], users: [] }, 1), { pageNumber: 1, status: undefined, showAll: true, queueIds: '[1,2]' }, 'empty filters are not sent')
})

t.test('the list restarts exactly when a sent parameter changes', async (t) => {
  t.equal(filterKey(base), filterKey({ ...base, searchParam: 'other', tags: [] }), 'search-only filters do not touch a status tab')
  t.not(filterKey(base), filterKey({ ...base, showAll: true }))
  t.not(filterKey(base), filterKey({ ...base, queueIds: null }))
  t.not(filterKey({ ...base, tab: 'search' }), filterKey({ ...base, tab: 'search', searchParam: 'joão' }))
})
