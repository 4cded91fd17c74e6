import { useEffect } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { accessAtom } from '../session/session-atoms.ts'
import { routeVerdict } from '../modules/gating.ts'
import type { RegisteredRoute } from '../modules/types.ts'
import { toast } from '../ui/toaster.ts'
import { PageSpinner } from '../ui/PageSpinner.tsx'
import { LazyPage } from './LazyPage.tsx'

/** Spec: the redirect home after a refused page waits one second. */
export const REDIRECT_DELAY_MS = 1000

export function GatedRoute({ route }: { route: RegisteredRoute }) {
  const access = useAtomValue(accessAtom)
  const navigate = useNavigate()
  const { t } = useTranslation()
  const verdict = access ? routeVerdict(route, access) : 'ok'

  useEffect(() => {
    if (verdict === 'ok') return
    // Spec: an error toast, then home after one second.
    toast(t('gating.noPermission'), 'danger', undefined, 'gating')
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS)
    return () => clearTimeout(id)
    // the toast must not repeat when only the language changes
  }, [verdict, route.path, navigate])

  if (verdict !== 'ok') return <PageSpinner />
  return <LazyPage route={route} />
}
