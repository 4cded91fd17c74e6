/** The web module contract: plain data, no server types, so the browser half type-checks on its own. */
export interface WebRoute {
  path: string
  lazy: () => Promise<{ default: unknown }>
  /** Only these profiles may open it; absent means every signed-in user. */
  profiles?: Array<'admin' | 'user'>
  superOnly?: boolean
  /** Only while the spec's campaign-show flag (cshow) is on (its routes exist only then). Since 1.1. */
  cshow?: boolean
}

/** A mark drawn on a side-menu entry (e.g. connections that need attention). */
export interface WebMenuBadge {
  intent: 'primary' | 'warning' | 'danger'
  /** Hover text, already translated. */
  title?: string
}

export interface WebMenuEntry {
  id: string
  labelKey: string
  icon: string
  to: string
  /** Position among the side menu entries (spec order: lower first). */
  order: number
  adminOnly?: boolean
  superOnly?: boolean
  /** The side menu's block; absent: 'admin' for admin- or super-only entries, else 'main'. Since 1.1. */
  section?: 'main' | 'admin'
  /** Stays usable while the company is overdue (where it pays). Since 1.1. */
  allowOverdue?: boolean
  /** Only while the spec's campaign-show flag (cshow) is on. Since 1.1. */
  cshow?: boolean
  /**
   * Loads a React hook the side menu calls while the entry shows; a badge it returns is drawn on the entry.
   * Lazy, like pages, so a module's index file stays free of browser code.
   */
  badge?: () => Promise<{ default: () => WebMenuBadge | null }>
}

export interface WebModule {
  name: string
  feature?: string
  routes: WebRoute[]
  menu?: WebMenuEntry[]
  /**
   * A component the shell keeps mounted while a user of a company with this module is signed in, for work that
   * follows live events on every page (e.g. the tickets module's new-message notifications). Lazy. Since 1.1.
   */
  background?: () => Promise<{ default: unknown }>
  translations: Record<'pt' | 'en' | 'es', () => Promise<{ default: Record<string, unknown> }>>
}
