import type { ShellModule, WebMenuEntry } from './types.ts'
import { CORE_MENU } from './core-menu.ts'
import { coreLocales } from '../i18n/i18n.ts'

const entry = (id: string): WebMenuEntry => {
  const found = CORE_MENU.find((e) => e.id === id)
  if (!found) throw new Error(`no core menu entry ${id}`)
  return found
}

/**
 * The shell's own pages, registered exactly like a plugin's module so routing, gating and the menu treat every
 * page the same way. The home page at / is a default: a dashboard plugin registering / replaces it.
 */
export const coreModule: ShellModule = {
  name: 'core',
  routes: [
    { path: '/', lazy: () => import('../pages/home/HomePage.tsx') },
    { path: '/todolist', lazy: () => import('../pages/todo/TodoPage.tsx') },
    { path: '/helps', lazy: () => import('../pages/helps/HelpsPage.tsx') },
    { path: '/users', lazy: () => import('../pages/users/UsersPage.tsx'), profiles: ['admin'] },
    { path: '/settings', lazy: () => import('../pages/settings/SettingsPage.tsx'), profiles: ['admin'] },
  ],
  publicRoutes: [
    { path: '/login', lazy: () => import('../pages/auth/LoginPage.tsx') },
    { path: '/signup', lazy: () => import('../pages/auth/SignupPage.tsx') },
    { path: '/forgetpsw', lazy: () => import('../pages/auth/ForgotPasswordPage.tsx') },
    { path: '/resetpsw/:hash?/:email?', lazy: () => import('../pages/auth/ResetPasswordPage.tsx') },
  ],
  menu: ['todolist', 'helps', 'users', 'settings'].map(entry),
  translations: {
    pt: async () => ({ default: coreLocales.pt }),
    en: async () => ({ default: coreLocales.en }),
    es: async () => ({ default: coreLocales.es }),
  },
}
