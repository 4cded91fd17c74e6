import { api, setSessionHooks } from '../api/api.ts'
import type { AuthAnswer, CompanyPlan, Setting, User } from '../api/types.ts'
import { STORAGE_KEYS, clearSessionKeys, store } from '../lib/storage.ts'
import { isApiUnreachable, retryWhenOnline } from '../pwa/connectivity.ts'
import { appStore, campaignsShownAtom, companyPlanAtom, sessionAtom, sessionEndReasonAtom, signedOutAtom } from './session-atoms.ts'

type Listener = (user: User | null) => void
const sessionListeners = new Set<Listener>()

/** Lets the realtime layer follow sign-in and sign-out without a circular import. */
export function onSessionChange(listener: Listener): () => void {
  sessionListeners.add(listener)
  return () => sessionListeners.delete(listener)
}

const notify = (user: User | null) => sessionListeners.forEach((l) => l(user))

/** campaignsEnabled === 'true' puts the campaign-show flag in local storage (spec). */
export function syncCampaignFlag(settings: Setting[] | undefined): void {
  const on = settings?.find((s) => s.key === 'campaignsEnabled')?.value === 'true'
  if (on) store.setItem(STORAGE_KEYS.cshow, 'true')
  else store.removeItem(STORAGE_KEYS.cshow)
  appStore.set(campaignsShownAtom, on)
}

export function setUser(user: User): void {
  store.setItem(STORAGE_KEYS.companyId, String(user.companyId))
  store.setItem(STORAGE_KEYS.userId, String(user.id))
  if (user.company?.dueDate) store.setItem(STORAGE_KEYS.companyDueDate, user.company.dueDate)
  else store.removeItem(STORAGE_KEYS.companyDueDate)
  syncCampaignFlag(user.company?.settings)
  const wasSignedIn = appStore.get(sessionAtom).status === 'authenticated'
  appStore.set(sessionAtom, { status: 'authenticated', user })
  if (!wasSignedIn) notify(user)
}

function applyAuth(answer: AuthAnswer): void {
  store.setItem(STORAGE_KEYS.token, answer.token)
  setUser(answer.user)
}

/** Session ends the sign-in screen explains (a plain expiry or sign-out needs no words). */
const EXPLAINED_ENDS = new Set(['ERR_COMPANY_INACTIVE', 'ERR_SESSION_REVOKED', 'ERR_SESSION_PASSWORD_CHANGED'])

/** Drops everything of the session in this tab; the router then sends the user to /login, told why when it matters. */
export function endSession(reason?: string | null): void {
  // Ended already: nothing is left to drop, and setting the state again would render its readers again (a call one
  // of them makes without a session ends it once more).
  if (appStore.get(sessionAtom).status === 'anonymous') return
  const wasSignedIn = appStore.get(sessionAtom).status === 'authenticated'
  if (wasSignedIn && reason && EXPLAINED_ENDS.has(reason)) appStore.set(sessionEndReasonAtom, reason)
  clearSessionKeys()
  api.endSessionCalls()
  appStore.set(companyPlanAtom, null)
  appStore.set(campaignsShownAtom, false)
  appStore.set(sessionAtom, { status: 'anonymous', user: null })
  if (wasSignedIn) notify(null)
}

setSessionHooks({ onRefreshed: applyAuth, onUnauthorized: endSession })

export async function refreshCompanyPlan(): Promise<void> {
  const user = appStore.get(sessionAtom).user
  if (!user) return
  try {
    appStore.set(companyPlanAtom, await api.get<CompanyPlan>(`/companies/listPlan/${user.companyId}`))
  } catch {
    // the features from the user answer stay in force
  }
}

export async function refreshUser(): Promise<void> {
  const user = await api.get<User>('/auth/me')
  setUser(user)
}

/**
 * On page load: a stored token means a session may be alive, renewed through the refresh cookie. A server that did
 * not answer (offline, the shell from the service worker's cache) ends nothing: the session stays loading under the
 * offline banner and is tried again when the network is back.
 */
export async function bootstrapSession(): Promise<void> {
  if (!store.getItem(STORAGE_KEYS.token)) return endSession()
  const answer = await api.refresh()
  if (!answer && isApiUnreachable()) return retryWhenOnline(() => void bootstrapSession())
  if (!answer) return endSession()
  await refreshCompanyPlan()
}

export async function login(email: string, password: string): Promise<User> {
  const answer = await api.post<AuthAnswer>('/auth/login', { email, password }, { anonymous: true })
  appStore.set(sessionEndReasonAtom, null)
  appStore.set(signedOutAtom, false)
  applyAuth(answer)
  await refreshCompanyPlan()
  return answer.user
}

/** Signs out here at once; the server is told in the background (the call already carries the token), so a slow
 * or unreachable server never keeps the user on the page they asked to leave. */
export function logout(): void {
  void api.del('/auth/logout', { leaveSession: true }).catch(() => undefined)
  appStore.set(signedOutAtom, true)
  endSession()
}
