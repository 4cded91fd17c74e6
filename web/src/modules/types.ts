import type { FormOption, FormOptionField, WebModule, WebRoute, WebMenuEntry } from '../../../core/plugin-api/web-types.ts'

export type { FormOption, FormOptionField, WebModule, WebRoute, WebMenuEntry }

/** The shell's own module also owns the public routes (sign-in screens), which plugins cannot add. */
export interface ShellModule extends WebModule {
  publicRoutes?: WebRoute[]
}

/** A route as the router sees it: where it came from and what gates it. */
export interface RegisteredRoute extends WebRoute {
  module: string
  feature?: string
}

/** A side-menu entry after merging the shell's spec order with the modules' entries. */
export interface MenuEntry extends WebMenuEntry {
  module?: string
  feature?: string
  /** Entries of the administration block get a section heading above the first one. */
  section?: 'main' | 'admin'
}

export interface AccessContext {
  profile: 'admin' | 'user'
  super: boolean
  /** Effective plan features of the company (plan and module switches). */
  features: ReadonlySet<string>
  overdue: boolean
  /** The campaign-show flag (cshow) is in local storage. */
  campaignsShown: boolean
}
