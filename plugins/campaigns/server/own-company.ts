import { AppError, type AuthContext } from '@zapdesk/plugin-api'

/** The spec's calls name the caller's company (companyId); naming another one is refused, never silently redirected. */
export function assertOwnCompany(auth: AuthContext, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== auth.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
}
