/** The web module contract: plain data, no server types, so the browser half type-checks on its own. */
export interface WebRoute {
  path: string
  lazy: () => Promise<{ default: unknown }>
  /** Only these profiles may open it; absent means every signed-in user. */
  profiles?: Array<'admin' | 'user'>
  superOnly?: boolean
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
  translations: Record<'pt' | 'en' | 'es', () => Promise<{ default: Record<string, unknown> }>>
}
