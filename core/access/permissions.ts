import type { AuthContext } from '../auth/types.ts'

type Profile = 'admin' | 'user'

/**
 * The kernel's action names (users, settings, modules) and the profiles that hold them. Super users hold every
 * action. Each plugin declares its own (the tickets, connections, contacts, tags and dashboard screens' actions) in its
 * manifest's `permissions`, so the kernel names no feature.
 */
export const CORE_PERMISSIONS: Record<string, Profile[]> = {
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
  'users-page:manage': ['admin'],
  'settings:edit': ['admin'],
  'modules:manage': ['admin'],
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
