import { atom, createStore } from 'jotai'
import type { CompanyPlan, User } from '../api/types.ts'
import { featuresFromPlan } from '../modules/gating.ts'
import type { AccessContext } from '../modules/types.ts'
import { subscriptionState } from './subscription.ts'

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated'

export interface SessionState {
  status: SessionStatus
  user: User | null
}

/** The store the shell and the non-React session code share. */
export const appStore = createStore()

export const sessionAtom = atom<SessionState>({ status: 'loading', user: null })
export const companyPlanAtom = atom<CompanyPlan | null>(null)
/** Why the last session ended, when the user should be told on the sign-in screen (an ERR_* code), else null. */
export const sessionEndReasonAtom = atom<string | null>(null)
/** The user signed out in this tab: the page left is not remembered for whoever signs in next (unlike an expiry). */
export const signedOutAtom = atom(false)
/** Mirrors the cshow flag, so the menu reacts when the campaigns setting changes. */
export const campaignsShownAtom = atom(false)

export const userAtom = atom((get) => get(sessionAtom).user)

export const featuresAtom = atom<ReadonlySet<string>>((get) => {
  const plan = get(companyPlanAtom)
  if (plan?.plan) return featuresFromPlan(plan.plan as unknown as Record<string, unknown>)
  return new Set(get(sessionAtom).user?.features ?? [])
})

export const subscriptionAtom = atom((get) => subscriptionState(get(sessionAtom).user?.company?.dueDate))

export const accessAtom = atom<AccessContext | null>((get) => {
  const user = get(sessionAtom).user
  if (!user) return null
  return {
    profile: user.profile,
    super: user.super,
    features: get(featuresAtom),
    overdue: !user.super && get(subscriptionAtom).overdue,
    campaignsShown: get(campaignsShownAtom),
  }
})
