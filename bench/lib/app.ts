import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { buildApp } from '../../core/app.ts'
import { seedPlans } from '../../core/accounts/seed.ts'
import { createCompany } from '../../core/accounts/company-service.ts'
import { Plan, User } from '../../core/accounts/models.ts'
import type { Config } from '../../config/index.ts'
import { createWhatsapp } from '../../plugins/connections/server/whatsapp-service.ts'
import { benchDatabase, redisUrl } from './env.ts'
import type { FreshDatabase } from '../../core/testing/database.ts'

export interface BenchApp {
  app: FastifyInstance
  database: FreshDatabase
  /** http://127.0.0.1:<port> once listening. */
  base: string
  port: number
  close(): Promise<void>
}

/**
 * The real platform (the same buildApp as the server) on a fresh database, configured like production (random
 * secrets, no web build, quiet logs), listening on a free local port.
 */
export async function benchApp(config: Partial<Config> = {}, beforeListen?: (app: FastifyInstance) => void): Promise<BenchApp> {
  const database = await benchDatabase()
  const app = await buildApp({
    env: {},
    config: {
      env: 'production', logLevel: 'error', serveWeb: false, bcryptCost: 4, dataDir: database.dataDir, databaseUrl: database.url,
      redisUrl, redisPrefix: `zb${randomBytes(4).toString('hex')}`, jwtSecret: randomBytes(32).toString('hex'),
      jwtRefreshSecret: randomBytes(32).toString('hex'), accessTokenTtl: '1d', ...config,
    },
  })
  await seedPlans(app)
  beforeListen?.(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  return {
    app, database, port, base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close()
      await database.drop()
    },
  }
}

export interface Agent {
  userId: number
  companyId: number
  token: string
  admin: boolean
}

export interface BenchCompany {
  id: number
  admin: Agent
  agents: Agent[]
}

/** A company on the unlimited plan with one admin and `agents` agents (profile user, seeing tickets without a queue), each with a real access token. */
export async function createBenchCompany(app: FastifyInstance, i: number, agents: number): Promise<BenchCompany> {
  const plan = await app.bind(Plan).query().findOne({ name: 'Enterprise' })
  const due = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10)
  const tag = randomBytes(3).toString('hex')
  const { company } = await createCompany(app, { name: `Bench ${i} ${tag}`, email: `bench${i}-${tag}@example.test`, planId: plan!.id, status: true, dueDate: due, recurrence: 'MENSAL' })
  const passwordHash = await app.authService.hashPassword('Secret123')
  const make = async (profile: 'admin' | 'user', n: number): Promise<Agent> => {
    const user = await app.bind(User).query().forCompany(company.id).insert({
      name: `${profile} ${n}`, email: `b${i}-${profile}${n}-${tag}@example.test`, passwordHash, profile, super: false,
      // The bench's tickets have no queue: agents see those only with the permission (core.md's visibility rule).
      allTicket: 'enabled', tokenVersion: 0, online: false,
    })
    return { userId: user.id, companyId: company.id, admin: profile === 'admin', token: app.authService.signAccess(user.id, company.id, user.tokenVersion, await app.authService.sessions.open(user.id, company.id, 'bench')) }
  }
  const admin = await make('admin', 0)
  const list: Agent[] = []
  for (let n = 1; n <= agents; n++) list.push(await make('user', n))
  return { id: company.id, admin, agents: list }
}

/** A sandbox connection of the company, started (CONNECTED). */
export async function sandboxConnection(app: FastifyInstance, companyId: number, name = 'Sandbox'): Promise<number> {
  const { created } = await createWhatsapp(app, companyId, { name, provider: 'sandbox' })
  await app.channels.start(companyId, created.id)
  return created.id
}

export const wsUrl = (base: string, token: string): string => `${base.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(token)}`
