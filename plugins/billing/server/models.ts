import { TenantModel } from '@zapdesk/plugin-api'

export type InvoiceStatus = 'open' | 'paid' | 'canceled'

export type InvoiceKind = 'cycle' | 'manual' | 'plan' | 'prorata'

export class Invoice extends TenantModel {
  static tableName = 'invoices'
  static dateColumns = ['createdAt', 'updatedAt', 'paidAt']

  detail!: string
  value!: number
  dueDate!: string
  /** The company due date this invoice pays (the invoicing run's key); null for invoices made by hand. */
  cycle!: string | null
  status!: InvoiceStatus
  kind!: InvoiceKind
  planId!: number | null
  provider!: string | null
  providerRef!: string | null
  paidAt!: string | null

  $parseDatabaseJson(json: Record<string, unknown>) {
    const out = super.$parseDatabaseJson(json)
    if (out.value !== undefined) out.value = Number(out.value)
    return out
  }
}

export class ChargeInfo extends TenantModel {
  static tableName = 'chargeInfos'

  cpf!: string
  birth!: string
  zipcode!: string
  number!: string
  city!: string
  state!: string
  street!: string
  neighborhood!: string
  name!: string
  email!: string
  phoneNumber!: string
  cardNumber!: string | null
  cardFlag!: string | null
  provider!: string | null
  providerCustomerId!: string | null
  cardSubscriptionId!: string | null
}

export class PaymentEvent extends TenantModel {
  static tableName = 'paymentEvents'

  provider!: string
  eventId!: string
  kind!: string
  invoiceId!: number | null
}
