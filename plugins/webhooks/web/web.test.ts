import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { EVENT_NAMES, TEST_EVENT, WEBHOOK_EVENTS } from '../server/catalogue.ts'
import { checkWebhook, payloadOf, randomSecret, toggle, valuesOf } from './rules.ts'
import type { Webhook } from './types.ts'

t.test('translations: a label for every event and domain of the catalogue in pt, en and es', async (t) => {
  for (const lng of [pt, en, es]) {
    t.same(Object.keys(lng.events).sort(), [...EVENT_NAMES, TEST_EVENT].sort())
    t.same(Object.keys(lng.domains).sort(), Object.keys(WEBHOOK_EVENTS).sort())
  }
})

t.test('the dialog\'s rules: required fields, an http(s) address, a long secret, at least one event', async (t) => {
  t.same(checkWebhook(valuesOf()), {
    name: 'webhooks:validation.required', url: 'webhooks:validation.required', secret: 'webhooks:validation.required', events: 'webhooks:validation.events',
  })
  const ok = { name: 'CRM', url: 'https://crm.example.com/hook', secret: 'a'.repeat(16), events: ['ticket.opened'], enabled: true }
  t.same(checkWebhook(ok), {})
  t.same(checkWebhook({ ...ok, url: 'ftp://x.com', secret: 'curto' }), { url: 'webhooks:validation.url', secret: 'webhooks:validation.secret' })
  const saved: Webhook = { id: 1, name: 'CRM', url: ok.url, hasSecret: true, events: ['ticket.opened'], enabled: false, createdAt: null, updatedAt: null }
  t.same(checkWebhook(valuesOf(saved), saved), {}, 'a stored secret: the field may stay empty')
  t.notOk('secret' in payloadOf(valuesOf(saved)), 'and is then not sent (kept)')
  t.match(payloadOf({ ...ok, name: ' CRM ', secret: ` ${'b'.repeat(20)} ` }), { name: 'CRM', secret: 'b'.repeat(20), enabled: true })
})

t.test('a domain\'s box checks or clears all of its events; a generated secret is long enough', async (t) => {
  t.same(toggle(['contact.created'], ['ticket.opened', 'ticket.closed'], true), ['contact.created', 'ticket.opened', 'ticket.closed'])
  t.same(toggle(['contact.created', 'ticket.opened'], ['ticket.opened', 'ticket.closed'], false), ['contact.created'])
  t.match(randomSecret(), /^[0-9a-f]{48}$/)
  t.not(randomSecret(), randomSecret())
})
