export default {
  pwa: {
    offlineTitle: 'Sem conexão',
    offlineWait: 'Sua sessão continua guardada. O Zapdesk entra sozinho assim que a rede voltar.',
    retry: 'Tentar de novo',
    offline: 'Você está sem conexão. O Zapdesk volta a atualizar quando a rede voltar.',
    serverUnreachable: 'Sem resposta do servidor. Tentando de novo...',
    updateReady: 'Uma nova versão do Zapdesk foi instalada.',
    reload: 'Recarregar',
    alerts: 'Alertas com a aba oculta',
    alertsHint: 'Notificação e som para mensagens novas enquanto o Zapdesk não está na tela',
    on: 'Ligados',
    off: 'Desligados',
    permission: {
      label: 'Notificações do navegador',
      default: 'Permitir',
      granted: 'Permitidas',
      denied: 'Bloqueadas',
      unsupported: 'Sem suporte',
      blockedHint: 'O navegador bloqueou as notificações: libere-as nas configurações do site.',
    },
  },
}
