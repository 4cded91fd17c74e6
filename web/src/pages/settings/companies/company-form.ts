import type { Company, Recurrence } from '../../../api/types.ts'
import { parseIsoDate } from '../../../lib/dates.ts'
import { phoneDigits } from '../../../lib/masks.ts'
import { email, required, validate, type Errors } from '../../../lib/validation.ts'

/** Billing name and address: free text, sent trimmed, empty as null. */
export const ADDRESS_FIELDS = ['billingName', 'addressZipCode', 'addressStreet', 'addressDistrict', 'addressCity', 'addressState'] as const

export const RECURRENCES: Recurrence[] = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']

export interface CompanyFormValues extends Record<string, unknown> {
  name: string
  email: string
  phone: string
  planId: string
  status: boolean
  campaignsEnabled: boolean
  dueDate: string
  trialExpiration: string
  timezone: string
  recurrence: Recurrence
  billingName: string
  addressZipCode: string
  addressStreet: string
  addressDistrict: string
  addressCity: string
  addressState: string
}

export const emptyCompany: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: true,
  campaignsEnabled: true,
  dueDate: '',
  trialExpiration: '',
  timezone: 'America/Sao_Paulo',
  recurrence: 'MENSAL',
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])),
} as CompanyFormValues

export function companyToForm(c: Company): CompanyFormValues {
  return {
    name: c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    planId: c.planId != null ? String(c.planId) : '',
    status: c.status !== false,
    campaignsEnabled: !!c.campaignsEnabled,
    dueDate: c.dueDate ? c.dueDate.slice(0, 10) : '',
    trialExpiration: c.trialExpiration ? c.trialExpiration.slice(0, 10) : '',
    timezone: c.timezone ?? 'America/Sao_Paulo',
    recurrence: c.recurrence ?? 'MENSAL',
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, c[f] ?? ''])),
  } as CompanyFormValues
}

/** Spec: email and plan required (and a company needs a name); an empty or invalid due date goes as null. */
export function validateCompany(v: CompanyFormValues): Errors<CompanyFormValues> {
  return validate(v, { name: [required], email: [required, email], planId: [required] })
}

export function companyPayload(v: CompanyFormValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: phoneDigits(v.phone),
    planId: Number(v.planId),
    status: v.status,
    campaignsEnabled: v.campaignsEnabled,
    dueDate: parseIsoDate(v.dueDate) ? v.dueDate : null,
    trialExpiration: parseIsoDate(v.trialExpiration) ? v.trialExpiration : null,
    timezone: v.timezone,
    recurrence: v.recurrence,
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, v[f].trim() || null])),
  }
}
