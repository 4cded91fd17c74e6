import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

export default defineWebModule({
  name: 'files',
  routes: [{ path: '/files', lazy: () => import('./FilesPage.tsx'), profiles: ['admin'] }],
  menu: [{ id: 'files', labelKey: 'files:menu', icon: 'folder-open', to: '/files', order: 160, adminOnly: true }],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
