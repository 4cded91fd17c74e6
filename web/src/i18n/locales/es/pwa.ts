export default {
  pwa: {
    offlineTitle: 'Sin conexión',
    offlineWait: 'Tu sesión sigue guardada. Zapdesk vuelve a entrar en cuanto regrese la red.',
    retry: 'Intentar de nuevo',
    offline: 'Estás sin conexión. Zapdesk vuelve a actualizarse cuando regrese la red.',
    serverUnreachable: 'El servidor no responde. Intentando de nuevo...',
    updateReady: 'Se instaló una nueva versión de Zapdesk.',
    reload: 'Recargar',
    alerts: 'Alertas con la pestaña oculta',
    alertsHint: 'Una notificación y un sonido para mensajes nuevos mientras Zapdesk no está en pantalla',
    on: 'Activadas',
    off: 'Desactivadas',
    permission: {
      label: 'Notificaciones del navegador',
      default: 'Permitir',
      granted: 'Permitidas',
      denied: 'Bloqueadas',
      unsupported: 'No compatible',
      blockedHint: 'El navegador bloqueó las notificaciones: permítelas en la configuración del sitio.',
    },
  },
}
