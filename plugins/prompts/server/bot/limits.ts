import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import { PromptRun, type RunStatus } from '../models.ts'

/**
 * The company's limits, counted in the database so every instance sees the same numbers: calls running now (runs
 * still 'running' that started within a few timeouts; an older one belongs to a worker that died) and tokens spent
 * since 00:00 UTC.
 */
export async function runningCalls(app: FastifyInstance, companyId: number, timeoutMs: number): Promise<number> {
  const since = new Date(Date.now() - 3 * timeoutMs)
  const row = await app.bind(PromptRun).query().forCompany(companyId).where({ status: 'running' }).where('createdAt', '>=', since).count('id as n').first()
  return Number((row as unknown as { n: number | string } | undefined)?.n ?? 0)
}

export async function tokensToday(app: FastifyInstance, companyId: number, now = new Date()): Promise<number> {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const row = await app.bind(PromptRun).query().forCompany(companyId).where('createdAt', '>=', midnight).sum('tokens as n').first()
  return Number((row as unknown as { n: number | string | null } | undefined)?.n ?? 0)
}

/** Takes the customer's message for the bot, once: null when a run already took it (a job that ran again). */
export async function claimRun(app: FastifyInstance, companyId: number, input: { ticketId: number; messageId: number; promptId: number }): Promise<PromptRun | null> {
  try {
    return await app.bind(PromptRun).query().forCompany(companyId).insert({ ...input, status: 'running', tokens: 0 })
  } catch (err) {
    if (isUniqueViolation(err)) return null
    throw err
  }
}

export async function finishRun(app: FastifyInstance, run: PromptRun, status: RunStatus, tokens = 0): Promise<void> {
  await app.bind(PromptRun).query().forCompany(run.companyId).findById(run.id).patch({ status, tokens })
}

/** Runs older than two days count for no limit any more: each finished answer clears its company's (one indexed delete). */
export async function pruneRuns(app: FastifyInstance, companyId: number, now = new Date()): Promise<void> {
  await app.bind(PromptRun).query().forCompany(companyId).delete().where('createdAt', '<', new Date(now.getTime() - 2 * 86_400_000))
}
