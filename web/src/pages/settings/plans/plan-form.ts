import type { Plan } from '../../../api/types.ts'
import { required, validate, type Errors } from '../../../lib/validation.ts'

export interface PlanFormValues extends Record<string, unknown> {
  name: string
  users: string
  connections: string
  queues: string
  value: string
  term: 'MENSAL' | 'ANUAL'
  bankPlanID: string
  features: Record<string, boolean>
}

/** Spec: a new plan starts with every feature on and every number at 0. */
export function emptyPlan(features: string[]): PlanFormValues {
  return { name: '', users: '0', connections: '0', queues: '0', value: '0', term: 'MENSAL', bankPlanID: '', features: Object.fromEntries(features.map((f) => [f, true])) }
}

export function planToForm(p: Plan, features: string[]): PlanFormValues {
  const flags = p as unknown as Record<string, unknown>
  const known = new Set([...features, ...Object.keys(flags).filter((k) => /^use[A-Z]/.test(k))])
  return {
    name: p.name ?? '',
    users: String(p.users ?? 0),
    connections: String(p.connections ?? 0),
    queues: String(p.queues ?? 0),
    value: String(p.value ?? 0),
    term: p.term === 'ANUAL' ? 'ANUAL' : 'MENSAL',
    bankPlanID: p.bankPlanID ?? '',
    features: Object.fromEntries([...known].map((f) => [f, flags[f] === true])),
  }
}

const nonNegative = (v: string) => (v === '' || !Number.isFinite(Number(v)) || Number(v) < 0 ? 'validation.required' : null)

export function validatePlan(v: PlanFormValues): Errors<PlanFormValues> {
  return validate(v, { name: [required], users: [nonNegative], connections: [nonNegative], queues: [nonNegative], value: [nonNegative] })
}

export function planPayload(v: PlanFormValues) {
  return {
    name: v.name.trim(),
    users: Math.trunc(Number(v.users)),
    connections: Math.trunc(Number(v.connections)),
    queues: Math.trunc(Number(v.queues)),
    value: Number(v.value),
    term: v.term,
    bankPlanID: v.bankPlanID.trim() || null,
    ...v.features,
  }
}
