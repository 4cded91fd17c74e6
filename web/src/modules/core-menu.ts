import type { MenuEntry } from './types.ts'

/**
 * The side menu of the spec, in its order. Plugins fill most of these in: an entry only shows once some module
 * registers a route for its path, and a module's entry with the same id replaces the placeholder.
 */
export const CORE_MENU: MenuEntry[] = [
  { id: 'dashboard', labelKey: 'core:menu.dashboard', icon: 'dashboard', to: '/', order: 10, adminOnly: true },
  { id: 'tickets', labelKey: 'core:menu.tickets', icon: 'chat', to: '/tickets', order: 20 },
  { id: 'kanban', labelKey: 'core:menu.kanban', icon: 'column-layout', to: '/kanban', order: 30, feature: 'useKanban' },
  { id: 'quick-messages', labelKey: 'core:menu.quickMessages', icon: 'flash', to: '/quick-messages', order: 40 },
  { id: 'todolist', labelKey: 'core:menu.todolist', icon: 'form', to: '/todolist', order: 50 },
  { id: 'contacts', labelKey: 'core:menu.contacts', icon: 'people', to: '/contacts', order: 60 },
  { id: 'schedules', labelKey: 'core:menu.schedules', icon: 'calendar', to: '/schedules', order: 70, feature: 'useSchedules' },
  { id: 'tags', labelKey: 'core:menu.tags', icon: 'tag', to: '/tags', order: 80 },
  { id: 'chats', labelKey: 'core:menu.chats', icon: 'comment', to: '/chats', order: 90, feature: 'useInternalChat' },
  { id: 'helps', labelKey: 'core:menu.helps', icon: 'help', to: '/helps', order: 100 },
  { id: 'campaigns', labelKey: 'core:menu.campaigns', icon: 'send-message', to: '/campaigns', order: 110, adminOnly: true, feature: 'useCampaigns', section: 'admin' },
  { id: 'contact-lists', labelKey: 'core:menu.contactLists', icon: 'th-list', to: '/contact-lists', order: 112, adminOnly: true, feature: 'useCampaigns', section: 'admin' },
  { id: 'campaigns-config', labelKey: 'core:menu.campaignsConfig', icon: 'cog', to: '/campaigns-config', order: 114, adminOnly: true, feature: 'useCampaigns', section: 'admin' },
  { id: 'announcements', labelKey: 'core:menu.announcements', icon: 'notifications', to: '/announcements', order: 120, superOnly: true, section: 'admin' },
  { id: 'prompts', labelKey: 'core:menu.prompts', icon: 'predictive-analysis', to: '/prompts', order: 130, adminOnly: true, feature: 'useOpenAi', section: 'admin' },
  { id: 'queue-integration', labelKey: 'core:menu.queueIntegration', icon: 'data-connection', to: '/queue-integration', order: 140, adminOnly: true, feature: 'useIntegrations', section: 'admin' },
  { id: 'connections', labelKey: 'core:menu.connections', icon: 'mobile-phone', to: '/connections', order: 150, adminOnly: true, section: 'admin' },
  { id: 'files', labelKey: 'core:menu.files', icon: 'folder-open', to: '/files', order: 160, adminOnly: true, section: 'admin' },
  { id: 'queues', labelKey: 'core:menu.queues', icon: 'layers', to: '/queues', order: 170, adminOnly: true, section: 'admin' },
  { id: 'users', labelKey: 'core:menu.users', icon: 'person', to: '/users', order: 180, adminOnly: true, section: 'admin' },
  { id: 'messages-api', labelKey: 'core:menu.messagesApi', icon: 'code', to: '/messages-api', order: 190, adminOnly: true, feature: 'useExternalApi', section: 'admin' },
  { id: 'settings', labelKey: 'core:menu.settings', icon: 'settings', to: '/settings', order: 200, adminOnly: true, section: 'admin' },
  { id: 'finance', labelKey: 'core:menu.finance', icon: 'dollar', to: '/financeiro', order: 210, adminOnly: true, section: 'admin' },
]

/** The one entry that stays usable while the subscription is overdue. */
export const ALWAYS_ENABLED_MENU_IDS = new Set(['finance'])

/** Routes that exist only while the campaign-show flag is in local storage (spec). */
export const CAMPAIGN_PATH_PREFIXES = ['/contact-lists', '/campaigns', '/campaign/', '/campaigns-config']
