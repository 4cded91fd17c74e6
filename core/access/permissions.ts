import type { AuthContext } from '../auth/types.ts'

type Profile = 'admin' | 'user'

/**
 * The spec's action names and the profiles that hold them, defined once. Super users hold every action.
 * Plugins add theirs through their manifest's `permissions`.
 */
export const CORE_PERMISSIONS: Record<string, Profile[]> = {
  'dashboard:view': ['admin'],
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
  'users-page:manage': ['admin'],
  'tickets-manager:showall': ['admin'],
  'ticket-options:deleteTicket': ['admin'],
  'connections-page:addConnection': ['admin'],
  'connections-page:actionButtons': ['admin'],
  'connections-page:editOrDeleteConnection': ['admin'],
  'contacts-page:deleteContact': ['admin'],
  'settings:edit': ['admin'],
  'modules:manage': ['admin'],
  'tags:editKanban': ['admin'],
}

export class PermissionRegistry {
  private table = new Map<string, Set<Profile>>()

  constructor() {
    this.add(CORE_PERMISSIONS)
  }

  add(entries: Record<string, Profile[]>): void {
    for (const [action, profiles] of Object.entries(entries)) {
      const set = this.table.get(action) ?? new Set<Profile>()
      for (const p of profiles) set.add(p)
      this.table.set(action, set)
    }
  }

  has(action: string): boolean {
    return this.table.has(action)
  }

  /** Every action the given user holds. */
  actionsFor(profile: Profile, isSuper: boolean): Set<string> {
    const out = new Set<string>()
    for (const [action, profiles] of this.table) if (isSuper || profiles.has(profile)) out.add(action)
    return out
  }
}

export function can(auth: Pick<AuthContext, 'permissions'>, action: string): boolean {
  return auth.permissions.has(action)
}
