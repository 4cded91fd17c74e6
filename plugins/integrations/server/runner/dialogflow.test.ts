import t from 'tap'
import { generateKeyPairSync, verify } from 'node:crypto'
import { writeSetting } from '@zapdesk/plugin-api/testing'
import { fakeServer, type Recorded } from '../test-support/fake-server.ts'
import { call, world } from '../test-support/world.ts'
import { IntegrationSession } from '../models.ts'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

/** Google's token endpoint as the tests need it: checks the service account's RS256 JWT before giving a token. */
function tokenAnswer(r: Recorded, tokenUrl: string) {
  const assertion = new URLSearchParams(r.body).get('assertion') ?? ''
  const [header, claims, signature] = assertion.split('.')
  const ok = verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature ?? '', 'base64url'))
  const c = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString() || '{}')
  if (!ok || c.iss !== 'bot@atendimento.iam.gserviceaccount.com' || c.aud !== tokenUrl) return { status: 401, json: { error: 'invalid_grant' } }
  return { json: { access_token: 'ya29.fake-token', expires_in: 3600, token_type: 'Bearer' } }
}

function agent(tokenUrl: () => string) {
  return (r: Recorded) => {
    if (r.path === '/token') return tokenAnswer(r, tokenUrl())
    if (r.headers.authorization !== 'Bearer ya29.fake-token') return { status: 401, json: { error: { message: 'no token' } } }
    const text = ((r.json?.queryInput as { text: { text: string } }).text.text)
    if (text === 'tchau') return { json: { queryResult: { fulfillmentText: 'Até mais!', diagnosticInfo: { end_conversation: true } } } }
    return { json: { queryResult: { fulfillmentText: `Você disse: ${text}` } } }
  }
}

const account = (tokenUri: string) => JSON.stringify({
  type: 'service_account', project_id: 'atendimento', client_email: 'bot@atendimento.iam.gserviceaccount.com', private_key: PEM, token_uri: tokenUri,
})

t.test('Dialogflow: a token from the service account\'s signed JWT, detectIntent per message, the end of conversation hands back', async (t) => {
  let url = ''
  const fake = await fakeServer(t, agent(() => `${url}/token`))
  url = fake.url
  const w = await world(t, fake, { type: 'dialogflow', projectName: 'atendimento', language: 'pt-BR', jsonContent: account(`${fake.url}/token`) })
  await writeSetting(w.app, w.c.id, 'language', 'en')
  await w.send('quero ajuda')
  t.same(await w.replies(1), ['Você disse: quero ajuda'])
  const ticket = await w.ticket()
  const detect = fake.requests.find((r) => r.path.includes(':detectIntent'))
  t.equal(detect?.path, `/v2/projects/atendimento/agent/sessions/zapdesk-${w.c.id}-${ticket.id}:detectIntent`)
  t.match(detect?.json, { queryInput: { text: { text: 'quero ajuda', languageCode: 'pt-BR' } } })
  await w.send('tchau')
  t.same(await w.replies(2), ['Você disse: quero ajuda', 'Até mais!'])
  t.equal(fake.requests.filter((r) => r.path === '/token').length, 1, 'the token is kept until it expires')
  t.equal((await w.app.bind(IntegrationSession).query().forCompany(w.c.id).first())?.status, 'done', 'end_conversation hands back')
  t.same(await w.notes(), ['The Dialogflow "atendimento" integration ended the conversation and handed it to the agents.'], 'in the company\'s language')
})

t.test('POST /queueIntegration/testSession tries the credentials; a refusal is a 400 saying why', async (t) => {
  let url = ''
  const fake = await fakeServer(t, agent(() => `${url}/token`))
  url = fake.url
  const w = await world(t, fake, { type: 'webhook', name: 'x', urlN8N: `${fake.url}/hook` })
  const ok = await call(w.app, 'POST', '/queueIntegration/testSession', w.c.admin.headers, { projectName: 'atendimento', language: 'es', jsonContent: account(`${fake.url}/token`) })
  t.equal(ok.statusCode, 200, ok.body)
  t.same(ok.json(), { message: 'ok', fulfillmentText: 'Você disse: Oi' })
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const wrongKey = JSON.parse(account(`${fake.url}/token`))
  wrongKey.private_key = other
  wrongKey.client_email = 'other@atendimento.iam.gserviceaccount.com'
  const refused = await call(w.app, 'POST', '/queueIntegration/testSession', w.c.admin.headers, { projectName: 'atendimento', language: 'es', jsonContent: JSON.stringify(wrongKey) })
  t.equal(refused.statusCode, 400)
  t.match(refused.json(), { error: 'ERR_INTEGRATION_TEST_FAILED', details: { reason: /token refused \(401\)/ } })
  const bad = await call(w.app, 'POST', '/queueIntegration/testSession', w.c.admin.headers, { projectName: 'p', language: 'en', jsonContent: 'not json' })
  t.match(bad.json(), { error: 'ERR_VALIDATION', details: [{ field: 'body/jsonContent' }] })
  w.app.integrationRunner.options.allowHosts = []
  const blocked = await call(w.app, 'POST', '/queueIntegration/testSession', w.c.admin.headers, { projectName: 'atendimento', language: 'es', jsonContent: account('http://127.0.0.1:9/token') })
  t.match(blocked.json(), { error: 'ERR_INTEGRATION_TEST_FAILED', details: { reason: /private/ } }, 'a private token address off the allow-list is never called')
})
