import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'

export const INVOICE_JOB = 'billing:invoices'
const everyMs = (): number => Number(process.env.BILLING_INVOICE_EVERY_MS) || 3_600_000

export const invoiceJob: JobDefinition<Record<string, never>> = {
  concurrency: 1,
  retries: 2,
  handler: async (_data, _job, app) => {
    const created = await app.billing.invoices.runCycle()
    if (created) app.log.info({ created }, 'billing: invoices made ahead of due dates')
  },
}

/**
 * The invoicing clock: a run when the background work begins (app.background) and every hour after. One job id per
 * slot, so instances sharing Redis share each run; the unique (company, cycle) keeps runs that overlap from making an
 * invoice twice.
 */
export function scheduleInvoicing(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const enqueue = (jobId: string) => app.jobs.enqueue(INVOICE_JOB, {}, { jobId }).catch((err) => app.log.warn({ err }, 'queueing the invoicing run failed'))
  app.background.add('billing: invoicing runs', () => {
    void enqueue(`boot-${Math.floor(Date.now() / everyMs())}`)
    timer = setInterval(() => void enqueue(`slot-${Math.floor(Date.now() / everyMs())}`), everyMs())
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
