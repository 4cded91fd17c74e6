import type { MenuEntry } from './types.ts'

/**
 * The shell's own side-menu entries, at their places in the spec's order. Every feature's entry comes from its
 * module (its own label, order, profile, section, feature), so the shell names none of them.
 */
export const CORE_MENU: MenuEntry[] = [
  { id: 'todolist', labelKey: 'core:menu.todolist', icon: 'form', to: '/todolist', order: 50 },
  { id: 'helps', labelKey: 'core:menu.helps', icon: 'help', to: '/helps', order: 100 },
  { id: 'users', labelKey: 'core:menu.users', icon: 'person', to: '/users', order: 180, adminOnly: true, section: 'admin' },
  { id: 'settings', labelKey: 'core:menu.settings', icon: 'settings', to: '/settings', order: 200, adminOnly: true, section: 'admin' },
]
