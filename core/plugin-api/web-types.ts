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

/** A choice a module offers to another's form (a queue, a connection): its id, name and, where it has one, colour. */
export interface FormOption {
  id: number
  name: string
  color?: string
}

/**
 * Form fields whose choices belong to another module: the user form's queues and default connection, a connection's
 * queues and prompt, a queue's prompt and a prompt's queue (the last two since 1.3), a queue's and a connection's integration. A field no installed module offers
 * is left out of its form.
 */
export type FormOptionField = 'user.queueIds' | 'user.whatsappId' | 'connection.queueIds' | 'connection.promptId' | 'queue.whatsappIds'
  | 'queue.promptId' | 'prompt.queueId' | 'queue.integrationId' | 'connection.integrationId'

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
  /**
   * A control the shell draws in the top bar, left of the notifications bell, for every user of a company with this
   * module (e.g. the internal chat's unread popover, the announcements popover): lazy, like pages; `order` places it
   * among other modules' controls (lower first). Since 1.2.
   */
  topBar?: { order: number; component: () => Promise<{ default: unknown }> }
  /**
   * The choices this module offers to the shell's forms, by field: a lazy file whose default export loads them for
   * the signed-in user (e.g. the queues module lists the company's queues for the user and connection forms). Since 1.1.
   */
  formOptions?: Partial<Record<FormOptionField, () => Promise<{ default: () => Promise<FormOption[]> }>>>
  translations: Record<'pt' | 'en' | 'es', () => Promise<{ default: Record<string, unknown> }>>
}
