import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The Tags page, for every user of the company, at the spec's place in the main menu. */
export default defineWebModule({
  name: 'tags',
  routes: [{ path: '/tags', lazy: () => import('./TagsPage.tsx') }],
  menu: [{ id: 'tags', labelKey: 'tags:menu', icon: 'tag', to: '/tags', order: 80 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
