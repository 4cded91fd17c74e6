import { digitsOnly, isValidCpf } from '../server/cpf.ts'
import type { ChargeInfoValues, Invoice } from './types.ts'

export { digitsOnly, isValidCpf }

/** The spec's invoice display states: Pago, Cancelado, Vencido (due before today and unpaid), Em Aberto. */
export type InvoiceState = 'paid' | 'canceled' | 'overdue' | 'open'

export function invoiceState(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceState {
  if (invoice.status === 'paid') return 'paid'
  if (invoice.status === 'canceled') return 'canceled'
  return invoice.dueDate < today ? 'overdue' : 'open'
}

/** Today as yyyy-mm-dd in the browser's own calendar (what the user calls today). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** The billing-data form's checks (spec): CPF valid, birth date required, zip code of 8 digits, name required. */
export function validateChargeInfo(v: ChargeInfoValues): Partial<Record<keyof ChargeInfoValues, string>> {
  const errors: Partial<Record<keyof ChargeInfoValues, string>> = {}
  if (!v.cpf) errors.cpf = 'billing:validation.required'
  else if (!isValidCpf(v.cpf)) errors.cpf = 'billing:validation.cpf'
  if (!v.birth) errors.birth = 'billing:validation.required'
  if (v.zipcode.length !== 8) errors.zipcode = 'billing:validation.zipcode'
  if (!v.name.trim()) errors.name = 'billing:validation.required'
  return errors
}

export const EMPTY_CHARGE_INFO: ChargeInfoValues = {
  cpf: '', birth: '', zipcode: '', number: '', city: '', state: '', street: '', neighborhood: '', name: '', email: '', phone_number: '',
}
