export interface Change { before?: unknown; after?: unknown }

export interface AuditEntry {
  id: number
  companyId: number
  companyName?: string
  userId: number
  userName: string
  userSuper: boolean
  ip: string
  method: string
  route: string
  kind: string
  resourceId: string | null
  label: string | null
  action: 'created' | 'updated' | 'deleted'
  changes: Record<string, Change>
  createdAt: string | null
}

export interface Actor { userId: number; userName: string }

/** The page's filters as the user set them (dates are local days, yyyy-mm-dd). */
export interface Filters {
  search: string
  userId: string
  kind: string
  action: string
  from: string
  to: string
  companyId: string
}

export const NO_FILTERS: Filters = { search: '', userId: '', kind: '', action: '', from: '', to: '', companyId: '' }
