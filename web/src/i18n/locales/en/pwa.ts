export default {
  pwa: {
    offlineTitle: 'No connection',
    offlineWait: 'Your session is kept. Zapdesk signs you back in as soon as the network returns.',
    retry: 'Try again',
    offline: 'You are offline. Zapdesk resumes updating when the network is back.',
    serverUnreachable: 'The server is not answering. Trying again...',
    updateReady: 'A new version of Zapdesk was installed.',
    reload: 'Reload',
    alerts: 'Alerts while the tab is hidden',
    alertsHint: 'A notification and a sound for new messages while Zapdesk is not on screen',
    on: 'On',
    off: 'Off',
    permission: {
      label: 'Browser notifications',
      default: 'Allow',
      granted: 'Allowed',
      denied: 'Blocked',
      unsupported: 'Not supported',
      blockedHint: 'The browser blocked notifications: allow them in the site settings.',
    },
  },
}
