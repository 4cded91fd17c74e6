import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/**
 * The internal chat: the /chats/:id? page (the id is the chat's uuid), its side-menu entry after tags (core.md's
 * order: ... schedules, tags, chats, helps ...) and the top bar's unread popover, for companies with useInternalChat.
 */
export default defineWebModule({
  name: 'chats',
  feature: 'useInternalChat',
  routes: [{ path: '/chats/:id?', lazy: () => import('./ChatsPage.tsx') }],
  menu: [{ id: 'chats', labelKey: 'chats:menu', icon: 'comment', to: '/chats', order: 90 }],
  topBar: { order: 20, component: () => import('./TopBarChats.tsx') },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
