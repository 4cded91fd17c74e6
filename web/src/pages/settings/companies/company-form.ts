import type { Company, Recurrence } from '../../../api/types.ts'
import { parseIsoDate } from '../../../lib/dates.ts'
import { phoneDigits } from '../../../lib/masks.ts'
import { email, required, validate, type Errors } from '../../../lib/validation.ts'

export const RECURRENCES: Recurrence[] = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']

export interface CompanyFormValues extends Record<string, unknown> {
  name: string
  email: string
  phone: string
  planId: string
  status: boolean
  campaignsEnabled: boolean
  dueDate: string
  recurrence: Recurrence
}

export const emptyCompany: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: true,
  campaignsEnabled: true,
  dueDate: '',
  recurrence: 'MENSAL',
}

export function companyToForm(c: Company): CompanyFormValues {
  return {
    name: c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    planId: c.planId != null ? String(c.planId) : '',
    status: c.status !== false,
    campaignsEnabled: !!c.campaignsEnabled,
    dueDate: c.dueDate ? c.dueDate.slice(0, 10) : '',
    recurrence: c.recurrence ?? 'MENSAL',
  }
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
    recurrence: v.recurrence,
  }
}
