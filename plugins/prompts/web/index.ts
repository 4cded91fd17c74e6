import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The spec's /prompts page (plan feature useOpenAi), and the prompt choices of the connection and queue forms. */
export default defineWebModule({
  name: 'prompts',
  feature: 'useOpenAi',
  routes: [{ path: '/prompts', lazy: () => import('./PromptsPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'prompts', labelKey: 'prompts:menu', icon: 'predictive-analysis', to: '/prompts', order: 130, adminOnly: true }],
  formOptions: { 'connection.promptId': () => import('./prompt-options.ts'), 'queue.promptId': () => import('./prompt-options.ts') },
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
