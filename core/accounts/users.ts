import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Company, User } from './models.ts'
import { NON_BLANK_2, UserDto, usersDto } from './serialize.ts'
import { errorResponses, IdParams, Pagination } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { isUniqueViolation } from '../db/knex.ts'
import type { AuthContext } from '../auth/types.ts'
import { assertPlanLimit } from './plan-limits.ts'

const PAGE_SIZE = 20
const Email = Type.String({ format: 'email', maxLength: 200 })
const UserFields = {
  name: Type.String({ minLength: 2, maxLength: 50, pattern: NON_BLANK_2 }),
  email: Email,
  password: Type.String({ minLength: 5, maxLength: 50 }),
  profile: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
  allTicket: Type.Union([Type.Literal('enabled'), Type.Literal('desabled')]),
  super: Type.Boolean(),
  companyId: Type.Integer({ minimum: 1 }),
  whatsappId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  queueIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 }),
}
const CreateBody = Type.Object({
  name: UserFields.name, email: UserFields.email, password: UserFields.password,
  profile: Type.Optional(UserFields.profile), allTicket: Type.Optional(UserFields.allTicket), super: Type.Optional(UserFields.super),
  companyId: Type.Optional(UserFields.companyId), whatsappId: Type.Optional(UserFields.whatsappId), queueIds: Type.Optional(UserFields.queueIds),
})
const UpdateBody = Type.Partial(Type.Object({ ...CreateBody.properties, password: Type.Union([UserFields.password, Type.Literal('')]) }))

/** The company a caller acts on: their own, or any for a super user who names one. */
async function targetCompany(app: FastifyInstance, auth: AuthContext, requested?: number): Promise<number> {
  if (requested === undefined || requested === auth.companyId) return auth.companyId
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
  if (!(await app.bind(Company).query().findById(requested))) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return requested
}

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Users = app.bind(User)
  const findInCompany = async (companyId: number, id: number) => {
    const user = await Users.query().forCompany(companyId).findById(id)
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
    return user
  }
  /** True when the user is the only super user left on the platform. */
  const lastSuper = async (userId: number) => {
    const others = await app.knex('users').where({ super: true }).whereNot({ id: userId }).first('id')
    return !others
  }
  /** Super users reach users of every company; everyone else only their own. */
  const reachable = async (auth: AuthContext, id: number) => {
    if (!auth.super) return findInCompany(auth.companyId, id)
    const user = await Users.query().unscoped().findById(id)
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
    return user
  }

  api.get('/users', {
    config: { access: 'admin' },
    schema: { tags: ['users'], summary: 'Search users (paged)', querystring: Type.Intersect([Pagination, Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1 })) })]),
      response: { 200: Type.Object({ users: Type.Array(UserDto), count: Type.Integer(), hasMore: Type.Boolean() }), ...errorResponses } },
  }, async (request) => {
    const companyId = await targetCompany(app, request.auth!, request.query.companyId)
    const page = request.query.pageNumber ?? 1
    const term = request.query.searchParam?.trim().toLowerCase()
    const base = Users.query().forCompany(companyId)
    if (term) {
      // '!' escapes LIKE wildcards the same way on SQLite and MySQL, so a search for "a_b" finds only "a_b".
      const like = `%${term.replace(/[!%_]/g, '!$&')}%`
      base.where((q) => q.whereRaw("lower(name) like ? escape '!'", [like]).orWhereRaw("lower(email) like ? escape '!'", [like]))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('name').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { users: await usersDto(app, rows), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/users/list', {
    schema: { tags: ['users'], summary: 'Every user of the company (for pickers)', querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Array(UserDto), ...errorResponses } },
  }, async (request) => {
    const companyId = await targetCompany(app, request.auth!, request.query.companyId)
    return usersDto(app, await Users.query().forCompany(companyId).orderBy('name'))
  })

  api.get('/users/:id', {
    schema: { tags: ['users'], summary: 'One user', params: IdParams, response: { 200: UserDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    if (auth.profile !== 'admin' && !auth.super && request.params.id !== auth.userId) throw new AppError('ERR_NO_PERMISSION', 403)
    return (await usersDto(app, [await reachable(auth, request.params.id)]))[0]
  })

  api.post('/users', {
    config: { access: 'admin' },
    schema: { tags: ['users'], summary: 'Create a user', body: CreateBody, response: { 201: UserDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const body = request.body
    const companyId = await targetCompany(app, auth, body.companyId)
    if (body.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    const user = await app.knex.transaction(async (trx) => {
      await assertPlanLimit(app, companyId, 'users', 'users', trx)
      try {
        const created = await Users.query(trx).forCompany(companyId).insert({
          name: body.name.trim(), email: body.email.trim().toLowerCase(), passwordHash: await app.authService.hashPassword(body.password),
          profile: body.profile ?? 'user', allTicket: body.allTicket ?? 'desabled', super: body.super ?? false, tokenVersion: 0, online: false,
        })
        await app.authService.applyUserExtras(trx, companyId, created.id, body)
        return created
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_EMAIL', 409)
        throw err
      }
    })
    app.events.emit('user.created', { companyId, userId: user.id })
    const [dto] = await usersDto(app, [user])
    app.realtime.publish({ companyId, topic: 'user', data: { action: 'create', user: dto } })
    return reply.status(201).send(dto)
  })

  api.put('/users/:id', {
    schema: { tags: ['users'], summary: 'Update a user (admins: any of the company; users: themselves, not their role)', params: IdParams, body: UpdateBody, response: { 200: UserDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const body = request.body
    const isAdmin = auth.profile === 'admin' || auth.super
    if (!isAdmin && request.params.id !== auth.userId) throw new AppError('ERR_NO_PERMISSION', 403)
    const user = await reachable(auth, request.params.id)
    if (body.companyId !== undefined && body.companyId !== user.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
    // Only super users manage super users (a company admin must not take over a platform account).
    if (user.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    // The web app sends the whole form back (profile, allTicket, whatsappId, queueIds): only a real change of
    // those needs the permission, so users can still edit their own name, email and password.
    const [current] = await usersDto(app, [user])
    const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i])
    const canEditProfile = auth.permissions.has('user-modal:editProfile')
    if (!canEditProfile && ((body.profile && body.profile !== user.profile) || (body.allTicket && body.allTicket !== user.allTicket) ||
      (body.whatsappId !== undefined && body.whatsappId !== current.whatsappId))) {
      throw new AppError('ERR_NO_PERMISSION', 403)
    }
    if (body.queueIds !== undefined && !auth.permissions.has('user-modal:editQueues') && !sameIds(body.queueIds, current.queues.map((q) => q.id))) {
      throw new AppError('ERR_NO_PERMISSION', 403)
    }
    if (body.super !== undefined && body.super !== user.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    if (body.super === false && user.super && (await lastSuper(user.id))) throw new AppError('ERR_LAST_SUPER_USER', 409)
    const patch: Partial<User> = {}
    if (body.name !== undefined) patch.name = body.name.trim()
    if (body.email !== undefined) patch.email = body.email.trim().toLowerCase()
    if (body.profile !== undefined) patch.profile = body.profile
    if (body.allTicket !== undefined) patch.allTicket = body.allTicket
    if (body.super !== undefined) patch.super = body.super
    if (body.password) patch.passwordHash = await app.authService.hashPassword(body.password)
    const updated = await app.knex.transaction(async (trx) => {
      try {
        const u = await Users.query(trx).forCompany(user.companyId).patchAndFetchById(user.id, patch)
        await app.authService.applyUserExtras(trx, user.companyId, user.id, body)
        return u
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_EMAIL', 409)
        throw err
      }
    })
    // A new password ends the user's other sessions (their own change keeps the device that made it signed in).
    if (body.password) await app.authService.sessions.end(user.companyId, user.id, 'password', user.id === auth.userId ? { except: auth.sessionId } : {})
    app.events.emit('user.updated', { companyId: user.companyId, userId: user.id })
    const [dto] = await usersDto(app, [updated])
    app.realtime.publish({ companyId: user.companyId, topic: 'user', data: { action: 'update', user: dto } })
    return dto
  })

  api.delete('/users/:id/sessions', {
    config: { access: 'admin' },
    schema: { tags: ['users'], summary: 'Sign a user out of every device (their screens say an admin ended the session); on oneself, every other device', params: IdParams, response: { 200: Type.Object({ ended: Type.Integer() }), ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const user = await reachable(auth, request.params.id)
    if (user.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    const ended = await app.authService.sessions.end(user.companyId, user.id, 'admin', user.id === auth.userId ? { except: auth.sessionId } : {})
    if (user.id !== auth.userId) await Users.query().forCompany(user.companyId).findById(user.id).patch({ online: false })
    return { ended: ended.length }
  })

  api.delete('/users/:id', {
    config: { access: 'admin' },
    schema: { tags: ['users'], summary: 'Delete a user', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const user = await reachable(auth, request.params.id)
    if (user.id === auth.userId) throw new AppError('ERR_CANNOT_DELETE_SELF', 400)
    if (user.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    await Users.query().forCompany(user.companyId).deleteById(user.id)
    app.events.emit('user.deleted', { companyId: user.companyId, userId: user.id })
    app.realtime.publish({ companyId: user.companyId, topic: 'user', data: { action: 'delete', userId: user.id } })
    return reply.status(204).send(null)
  })
}
