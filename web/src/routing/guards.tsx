import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { appStore, sessionAtom, signedOutAtom } from '../session/session-atoms.ts'
import { landingAfterLogin } from '../session/subscription.ts'
import { hasRoute } from '../modules/registry.ts'
import { PageSpinner } from '../ui/PageSpinner.tsx'

/** Private routes: unauthenticated users go to /login, remembering where they were headed unless they signed out. */
export function RequireAuth() {
  const { status } = useAtomValue(sessionAtom)
  const signedOut = useAtomValue(signedOutAtom, { store: appStore })
  const location = useLocation()
  if (status === 'loading') return <PageSpinner full />
  if (status === 'anonymous') return <Navigate to="/login" replace state={signedOut ? null : { from: location.pathname + location.search }} />
  return <Outlet />
}

/** Public routes: a signed-in user goes home (or to finance when the subscription is overdue). */
export function PublicOnly() {
  const { status, user } = useAtomValue(sessionAtom)
  const location = useLocation()
  if (status === 'loading') return <PageSpinner full />
  if (status === 'authenticated' && user) {
    const landing = landingAfterLogin(user, hasRoute('/financeiro'))
    const from = (location.state as { from?: string } | null)?.from
    const to = !landing.expired && from && from !== '/login' ? from : landing.path
    return <Navigate to={to} replace />
  }
  return <Outlet />
}
