import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { CreateBody, PromptDto, UpdateBody, type PromptJson } from './serialize.ts'
import { NEURAL_VOICES, TEXT_VOICE } from './voices.ts'

/**
 * The spec's calls: GET /prompt (prompts), GET/PUT/DELETE /prompt/:id, POST /prompt; the delete answers a message
 * the page shows as info. Admins only: a prompt carries a company's provider keys. Realtime topic `prompt`.
 */
export default async function promptRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const publish = (companyId: number, action: 'create' | 'update' | 'delete', prompt: PromptJson) =>
    app.realtime.publish({ companyId, topic: 'prompt', data: action === 'delete' ? { action, promptId: prompt.id } : { action, prompt } })

  api.get('/prompt', {
    config: { access: 'admin' },
    schema: { summary: 'The company\'s prompts, by name', response: { 200: Type.Object({ prompts: Type.Array(PromptDto) }), ...errorResponses } },
  }, async (request) => ({ prompts: await app.prompts.list(request.auth!.companyId) }))

  api.get('/prompt/voices', {
    config: { access: 'admin' },
    schema: {
      summary: 'The voices a prompt may answer with: text, or a neural voice (needs a speech key and region)',
      response: { 200: Type.Object({ text: Type.String(), neural: Type.Array(Type.String()) }), ...errorResponses },
    },
  }, async () => ({ text: TEXT_VOICE, neural: [...NEURAL_VOICES] }))

  api.get('/prompt/:id', {
    config: { access: 'admin' },
    schema: { summary: 'One prompt (its keys are never answered: hasApiKey, hasVoiceKey)', params: IdParams, response: { 200: PromptDto, ...errorResponses } },
  }, async (request) => app.prompts.get(request.auth!.companyId, request.params.id))

  api.post('/prompt', {
    config: { access: 'admin' },
    schema: { summary: 'Create a prompt (queueId required: \'Informe o setor\')', body: CreateBody, response: { 201: PromptDto, ...errorResponses } },
  }, async (request, reply) => {
    const saved = await app.prompts.create(request.auth!.companyId, request.body)
    publish(saved.companyId, 'create', saved)
    return reply.status(201).send(saved)
  })

  api.put('/prompt/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Change a prompt; a key sent empty is kept, null removes it', params: IdParams, body: UpdateBody, response: { 200: PromptDto, ...errorResponses } },
  }, async (request) => {
    const saved = await app.prompts.update(request.auth!.companyId, request.params.id, request.body)
    publish(saved.companyId, 'update', saved)
    return saved
  })

  api.delete('/prompt/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Delete a prompt', params: IdParams, response: { 200: Type.Object({ message: Type.String() }), ...errorResponses } },
  }, async (request) => {
    const gone = await app.prompts.remove(request.auth!.companyId, request.params.id)
    publish(gone.companyId, 'delete', gone)
    return { message: 'Prompt deleted' }
  })
}
