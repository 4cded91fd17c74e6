declare module 'fastify' {
  interface FastifyInstance {
    /** The audit plugin's write observer: `idle()` resolves once every entry under way is written (tests, shutdown). */
    audit: { idle(): Promise<void> }
  }
}

export {}
