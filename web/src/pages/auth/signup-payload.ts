import { addDays, toIsoDate } from '../../lib/dates.ts'
import { phoneDigits } from '../../lib/masks.ts'

/** Spec constants of the sign-up: 7 trial days, plan id 2, monthly recurrence. */
export const TRIAL_DAYS = 7
export const SIGNUP_PLAN_ID = 2
export const SIGNUP_RECURRENCE = 'MENSAL'

export interface SignupForm {
  name: string
  /** The person signing up (the company's first admin); the spec's fields plus this one. */
  userName: string
  email: string
  phone: string
  password: string
  planId?: number | null
}

/** The spec's payload; the server still decides the real plan, status and due date. */
export function signupPayload(form: SignupForm, today: Date = new Date(), companyId?: string | null) {
  const payload: Record<string, unknown> = {
    name: form.name.trim(),
    userName: form.userName.trim(),
    email: form.email.trim(),
    phone: phoneDigits(form.phone),
    password: form.password,
    planId: form.planId ?? SIGNUP_PLAN_ID,
    recurrence: SIGNUP_RECURRENCE,
    dueDate: toIsoDate(addDays(today, TRIAL_DAYS)),
    status: true,
    campaignsEnabled: true,
  }
  if (companyId) payload.companyId = Number(companyId) || companyId
  return payload
}

/** Preselects plan 2 when it is offered (the PRO trial of the spec), else the first offered plan. */
export function defaultPlanId(plans: { id: number }[]): number | null {
  if (plans.some((p) => p.id === SIGNUP_PLAN_ID)) return SIGNUP_PLAN_ID
  return plans[0]?.id ?? null
}
