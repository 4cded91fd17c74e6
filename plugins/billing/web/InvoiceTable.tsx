import { Button, HTMLTable, Tag } from '@blueprintjs/core'
import { useTranslation } from 'react-i18next'
import { formatDate, formatMoney } from '@zapdesk/plugin-api/web'
import type { Invoice } from './types.ts'
import { invoiceState, localToday, type InvoiceState } from './rules.ts'

const INTENT: Record<InvoiceState, 'success' | 'none' | 'danger' | 'warning'> = { paid: 'success', canceled: 'none', overdue: 'danger', open: 'warning' }

/** The invoice history (Id, Detalhes, Valor, Data Venc., Status); overdue unpaid rows tinted; unpaid ones can be paid. */
export function InvoiceTable({ invoices, onPay }: { invoices: Invoice[]; onPay: (invoice: Invoice) => void }) {
  const { t } = useTranslation('billing')
  const today = localToday()
  if (!invoices.length) return <p className="zd-muted" data-testid="invoices-empty">{t('invoices.empty')}</p>
  return (
    <div className="zd-billing-table-wrap">
      <HTMLTable compact className="zd-billing-table" data-testid="invoices-table">
        <thead>
          <tr>
            <th className="zd-hide-narrow">{t('invoices.id')}</th><th>{t('invoices.detail')}</th><th>{t('invoices.value')}</th>
            <th>{t('invoices.dueDate')}</th><th>{t('invoices.status')}</th><th aria-label={t('invoices.actions')} />
          </tr>
        </thead>
        <tbody>
          {invoices.map((i) => {
            const state = invoiceState(i, today)
            return (
              <tr key={i.id} className={state === 'overdue' ? 'zd-billing-row--overdue' : undefined} data-invoice={i.id} data-state={state}>
                <td className="zd-hide-narrow">{i.id}</td>
                <td>{i.detail}</td>
                <td>{formatMoney(i.value)}</td>
                <td>{formatDate(i.dueDate)}</td>
                <td><Tag minimal intent={INTENT[state]}>{t(`state.${state}`)}</Tag></td>
                <td>{(state === 'open' || state === 'overdue') && (
                  <Button size="small" intent="primary" icon="credit-card" text={t('invoices.pay')} onClick={() => onPay(i)} data-testid="invoice-pay" />
                )}</td>
              </tr>
            )
          })}
        </tbody>
      </HTMLTable>
    </div>
  )
}
