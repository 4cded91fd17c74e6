/** The shell's own action names (a plugin's pages name the actions its manifest declares). */
export const ACTIONS = {
  editProfile: 'user-modal:editProfile',
  editQueues: 'user-modal:editQueues',
} as const

/**
 * Whether a user may perform an action: super users always; otherwise the server's list decides, and only when
 * the server sent no list at all does the profile decide (admins hold the admin-only actions of the spec).
 */
export function can(user: { super?: boolean; profile: string; permissions?: string[] | null } | null | undefined, action: string): boolean {
  if (!user) return false
  if (user.super) return true
  if (Array.isArray(user.permissions)) return user.permissions.includes(action)
  return user.profile === 'admin'
}
