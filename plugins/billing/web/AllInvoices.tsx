import { useState } from 'react'
import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { api, formatDate, formatMoney, toastError, toastSuccess, useDebouncedValue, usePagedList } from '@zapdesk/plugin-api/web'
import type { Invoice } from './types.ts'
import { invoiceState, localToday } from './rules.ts'

/**
 * Super users: every company's invoices (GET /invoices/all, searched by detail or status, 20 a page), and the manual
 * provider's one action: mark an unpaid invoice paid (a payment made outside any provider), which renews the company.
 */
export function AllInvoices() {
  const { t } = useTranslation('billing')
  const [text, setText] = useState('')
  const search = useDebouncedValue(text.toLowerCase())
  const list = usePagedList<Invoice & { companyName: string }>(async (page, q, signal) => {
    const answer = await api.get<{ invoices: Array<Invoice & { companyName: string }>; hasMore: boolean; count: number }>(`/invoices/all?pageNumber=${page}&searchParam=${encodeURIComponent(q)}`, { signal })
    return { items: answer.invoices, hasMore: answer.hasMore, count: answer.count }
  }, search, (i) => i.id)
  const markPaid = async (invoice: Invoice & { companyName: string }) => {
    try {
      list.upsert({ ...(await api.post<Invoice>(`/invoices/${invoice.id}/pay`)), companyName: invoice.companyName })
      toastSuccess(t('all.paidOk'))
    } catch (err) {
      toastError(err)
    }
  }
  const today = localToday()
  return (
    <section className="zd-billing-block" data-testid="all-invoices">
      <h2 className="zd-billing-heading">{t('all.title')}</h2>
      <InputGroup leftIcon="search" placeholder={t('all.search')} value={text} onChange={(e) => setText(e.target.value)} className="zd-billing-search" />
      <div className="zd-billing-table-wrap" onScroll={list.onScroll}>
        <HTMLTable compact className="zd-billing-table">
          <thead>
            <tr><th className="zd-hide-narrow">{t('invoices.id')}</th><th>{t('all.company')}</th><th>{t('invoices.detail')}</th><th>{t('invoices.value')}</th><th>{t('invoices.dueDate')}</th><th>{t('invoices.status')}</th><th aria-label={t('invoices.actions')} /></tr>
          </thead>
          <tbody>
            {list.items.map((i) => {
              const state = invoiceState(i, today)
              return (
                <tr key={i.id} className={state === 'overdue' ? 'zd-billing-row--overdue' : undefined}>
                  <td className="zd-hide-narrow">{i.id}</td><td>{i.companyName}</td><td>{i.detail}</td><td>{formatMoney(i.value)}</td><td>{formatDate(i.dueDate)}</td>
                  <td><Tag minimal>{t(`state.${state}`)}</Tag></td>
                  <td>{(state === 'open' || state === 'overdue') && <Button size="small" text={t('all.markPaid')} onClick={() => markPaid(i)} data-testid="invoice-mark-paid" />}</td>
                </tr>
              )
            })}
          </tbody>
        </HTMLTable>
      </div>
      {list.hasMore && !list.loading && list.items.length > 0 && <Button minimal text={t('all.more')} onClick={list.loadMore} />}
    </section>
  )
}
