import { defineWebModule, localeFiles } from '@zapdesk/plugin-api/web'

/** The spec's campaign routes exist only while the campaign-show flag is on, for admins of companies with useCampaigns. */
export default defineWebModule({
  name: 'campaigns',
  feature: 'useCampaigns',
  routes: [
    { path: '/contact-lists', lazy: () => import('./lists/ContactListsPage.tsx'), profiles: ['admin'], cshow: true },
    { path: '/contact-lists/:contactListId/contacts', lazy: () => import('./lists/ContactListItemsPage.tsx'), profiles: ['admin'], cshow: true },
    { path: '/campaigns', lazy: () => import('./campaigns/CampaignsPage.tsx'), profiles: ['admin'], cshow: true },
    { path: '/campaign/:campaignId/report', lazy: () => import('./campaigns/CampaignReportPage.tsx'), profiles: ['admin'], cshow: true },
    { path: '/campaigns-config', lazy: () => import('./settings/CampaignSettingsPage.tsx'), profiles: ['admin'], cshow: true },
  ],
  menu: [
    { id: 'campaigns', labelKey: 'campaigns:menu.campaigns', icon: 'send-message', to: '/campaigns', order: 100, adminOnly: true, cshow: true },
    { id: 'contact-lists', labelKey: 'campaigns:menu.contactLists', icon: 'th-list', to: '/contact-lists', order: 101, adminOnly: true, cshow: true },
    { id: 'campaigns-config', labelKey: 'campaigns:menu.config', icon: 'cog', to: '/campaigns-config', order: 102, adminOnly: true, cshow: true },
  ],
  translations: localeFiles((lng) => import(`./locales/${lng}.json`)),
})
