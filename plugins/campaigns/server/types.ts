declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    /**
     * A recipient on this connection is about to be asked to confirm (emitted before the request goes out): every
     * instance then checks that connection's inbound messages for replies (see sender/awaiting-watch.ts).
     */
    'campaign.awaitingConfirmation': { companyId: number; whatsappId: number }
    /** A campaign sent to every recipient it could (FINALIZADA), once, on the instance that finished it. */
    'campaign.finished': { companyId: number; campaignId: number; name: string; completedAt: string; delivered: number; failed: number; total: number }
  }
}

export {}
