import { useAtomValue } from 'jotai'
import { accessAtom, companyPlanAtom, subscriptionAtom, userAtom } from './session-atoms.ts'
import { can } from './permissions.ts'

/** What pages usually need about who is signed in. */
export function useSession() {
  const user = useAtomValue(userAtom)
  return {
    user,
    access: useAtomValue(accessAtom),
    companyPlan: useAtomValue(companyPlanAtom),
    subscription: useAtomValue(subscriptionAtom),
    can: (action: string) => can(user, action),
    isAdmin: !!user && (user.profile === 'admin' || user.super),
  }
}
