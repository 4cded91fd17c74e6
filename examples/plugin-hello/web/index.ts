import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The hello board's page and menu entry; both appear only for companies whose plan (and admin) enable the feature. */
export default defineWebModule({
  name: 'hello-board',
  feature: 'useHelloBoard',
  routes: [{ path: '/hello-board', lazy: () => import('./HelloBoardPage.tsx') }],
  menu: [{ id: 'hello-board', labelKey: 'hello-board:menu', icon: 'chat', to: '/hello-board', order: 195 }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
