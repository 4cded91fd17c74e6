import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The Queues & Chatbot page (admins), at the spec's place in the administration menu. */
export default defineWebModule({
  name: 'queues',
  routes: [{ path: '/queues', lazy: () => import('./QueuesPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'queues', labelKey: 'queues:menu', icon: 'layers', to: '/queues', order: 170, adminOnly: true }],
  formOptions: {
    'user.queueIds': () => import('./queue-options.ts'), 'connection.queueIds': () => import('./queue-options.ts'), 'prompt.queueId': () => import('./queue-options.ts'),
  },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
