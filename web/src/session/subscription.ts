import { daysUntil } from '../lib/dates.ts'

/** Days left under which the shell warns about the subscription (spec: fewer than 5). */
export const SUBSCRIPTION_WARNING_DAYS = 5

export interface SubscriptionState {
  /** Due date strictly before today. */
  overdue: boolean
  /** Days from today to the due date, null without one. */
  daysLeft: number | null
  /** Still valid but fewer than 5 days remain. */
  warn: boolean
}

export function subscriptionState(dueDate: string | null | undefined, today: Date = new Date()): SubscriptionState {
  const daysLeft = daysUntil(dueDate, today)
  if (daysLeft === null) return { overdue: false, daysLeft, warn: false }
  const overdue = daysLeft < 0
  return { overdue, daysLeft, warn: !overdue && daysLeft < SUBSCRIPTION_WARNING_DAYS }
}

/** Where a fresh login goes: super users are never held back by their company's due date. */
export function landingAfterLogin(
  user: { super: boolean; company?: { dueDate: string | null } | null },
  hasFinanceRoute: boolean,
  today: Date = new Date(),
): { path: string; expired: boolean } {
  const { overdue } = subscriptionState(user.company?.dueDate, today)
  if (overdue && !user.super) return { path: hasFinanceRoute ? '/financeiro' : '/', expired: true }
  return { path: '/', expired: false }
}

export type DueRowTone = 'soon' | 'due' | 'expired' | null

/**
 * Row colour of a company by days to its due date, exactly as the spec puts it: 5 days light yellow,
 * -3..4 orange, -4 red, anything else plain.
 */
export function dueDateRowTone(dueDate: string | null | undefined, today: Date = new Date()): DueRowTone {
  const days = daysUntil(dueDate, today)
  if (days === null) return null
  if (days === 5) return 'soon'
  if (days >= -3 && days <= 4) return 'due'
  if (days === -4) return 'expired'
  return null
}
