/**
 * Campaigns: the preparation of a big campaign and the sender's cost per message.
 * - prepare: a campaign to a contact list of 100k contacts (--full; 20k by default) is prepared (one claimable
 *   shipping row per recipient, variant and variables filled) by the plugin's own preparation. Target: 100k in
 *   <= 20 s. Baseline: the same number of rows bulk-inserted raw into the same table (no reading, no texts).
 * - send: a campaign of 2,000 recipients (no interval) runs through the real sweep, dispatch jobs and sandbox driver
 *   until every recipient is delivered. Baseline: the same number of bare driver sends (channels.sendToNumber, one
 *   after the other) to other numbers through the same connection. The ratio is the send loop's overhead per message.
 *   node --import ./scripts/typescript.mjs bench/campaigns.ts [--recipients 100000] [--sends 2000] [--full]
 */
import { benchApp, createBenchCompany, sandboxConnection } from './lib/app.ts'
import { full, option, target } from './lib/env.ts'
import { record } from './lib/results.ts'
import { prepareCampaign } from '../plugins/campaigns/server/sender/prepare.ts'
import { Campaign, CampaignShipping, ContactList, ContactListItem } from '../plugins/campaigns/server/models.ts'
import { saveCampaignSettings } from '../plugins/campaigns/server/settings/settings.ts'

const RECIPIENTS = option('recipients', full ? 100_000 : 20_000)
const SENDS = option('sends', 2000)
const number = (i: number) => `55119${String(10_000_000 + i)}`

console.log(`campaigns: prepare ${RECIPIENTS} recipients, send ${SENDS}; ${target()}`)
const bench = await benchApp()
const { app } = bench
try {
  const company = await createBenchCompany(app, 1, 0)
  const companyId = company.id
  const whatsappId = await sandboxConnection(app, companyId)
  await saveCampaignSettings(app, companyId, { messageInterval: 0, longerIntervalAfter: 0 })
  const batch = app.dialect === 'sqlite' ? 400 : 1000
  const listOf = async (name: string, n: number, offset: number) => {
    const list = await app.bind(ContactList).query().forCompany(companyId).insert({ name })
    const now = new Date()
    for (let i = 0; i < n; i += batch) {
      await app.knex(ContactListItem.tableName).insert(Array.from({ length: Math.min(batch, n - i) }, (_, k) => ({
        companyId, contactListId: list.id, name: `Cliente ${offset + i + k}`, number: number(offset + i + k), email: '', isWhatsappValid: true, createdAt: now, updatedAt: now,
      })))
    }
    return list.id
  }
  const campaignOn = (name: string, contactListId: number, status: 'INATIVA' | 'EM_ANDAMENTO') => app.bind(Campaign).query().forCompany(companyId).insert({
    name, message1: 'Olá {nome}, oferta para {numero}', message2: '{nome}: oferta', status, confirmation: false, whatsappId, contactListId,
  })

  // Preparation
  const bigList = await listOf('Grande', RECIPIENTS, 0)
  const big = await campaignOn('Preparo', bigList, 'EM_ANDAMENTO')
  const t0 = performance.now()
  const prepared = await prepareCampaign(app, companyId, big.id)
  const prepareMs = performance.now() - t0
  const scratch = await campaignOn('Base', bigList, 'INATIVA')
  const t1 = performance.now()
  const now = new Date()
  for (let i = 0; i < RECIPIENTS; i += batch) {
    await app.knex(CampaignShipping.tableName).insert(Array.from({ length: Math.min(batch, RECIPIENTS - i) }, (_, k) => ({
      companyId, campaignId: scratch.id, whatsappId, number: number(i + k), name: 'x', email: '', message: 'x', state: 'delivered', partsDone: 0, attempts: 0, createdAt: now,
    })))
  }
  const rawMs = performance.now() - t1
  console.log(`prepare: ${prepared} rows in ${(prepareMs / 1000).toFixed(1)} s; raw bulk insert ${(rawMs / 1000).toFixed(1)} s`)
  await app.bind(Campaign).query().forCompany(companyId).whereIn('id', [big.id, scratch.id]).delete()

  // Sending
  const sendList = await listOf('Envio', SENDS, RECIPIENTS)
  const t2 = performance.now()
  const res = await app.inject({
    method: 'POST', url: '/api/campaigns', headers: { authorization: `Bearer ${company.admin.token}` },
    payload: { name: 'Envio', whatsappId, contactListId: sendList, message1: 'Olá {nome}', scheduledAt: new Date(Date.now() - 86400_000).toISOString() },
  })
  if (res.statusCode !== 201) throw new Error(`campaign: ${res.statusCode} ${res.body}`)
  const id = res.json().id as number
  for (;;) {
    const c = await app.bind(Campaign).query().forCompany(companyId).findById(id)
    if (c?.status === 'FINALIZADA') break
    await new Promise((r) => setTimeout(r, 50))
  }
  const campaignMs = performance.now() - t2
  const [{ n: delivered }] = await app.knex(CampaignShipping.tableName).where({ campaignId: id, state: 'delivered' }).count({ n: '*' })
  const t3 = performance.now()
  for (let i = 0; i < SENDS; i++) await app.channels.sendToNumber(companyId, whatsappId, number(RECIPIENTS + SENDS + i), { body: `Olá Cliente ${i}` })
  const bareMs = performance.now() - t3
  const perMessage = campaignMs / SENDS
  const barePerMessage = bareMs / SENDS
  console.log(`send: ${delivered} delivered in ${(campaignMs / 1000).toFixed(1)} s (${perMessage.toFixed(2)} ms each); bare driver sends ${(bareMs / 1000).toFixed(1)} s (${barePerMessage.toFixed(2)} ms each)`)
  if (Number(delivered) !== SENDS) throw new Error(`${delivered} of ${SENDS} delivered`)
  record({
    'campaigns.prepare': { value: prepareMs / 1000, unit: 's', baseline: rawMs / 1000, baselineOf: 'the same rows bulk-inserted raw', target: { max: 20 * (RECIPIENTS / 100_000) }, size: `${RECIPIENTS} recipients (target: 100k in 20 s, scaled)` },
    'campaigns.sendPerMessage': { value: perMessage, unit: 'ms', baseline: barePerMessage, baselineOf: 'a bare channels.sendToNumber through the same sandbox connection', target: { max: 12, of: 'ratio' }, size: `${SENDS} recipients, no interval, sweep + dispatch jobs + sandbox driver` },
  })
} finally {
  await bench.close()
}
