import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }

// Keys the screens use are checked against these files by core/testing/conformance.test.ts.
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))

t.test('translations: the same keys in pt, en and es', async (t) => {
  t.same(keys(en).sort(), keys(pt).sort())
  t.same(keys(es).sort(), keys(pt).sort())
})

t.test('the spec\'s Portuguese texts', async (t) => {
  t.equal(pt.noQueue, 'SEM FILA')
  t.equal(pt.noPermission, 'Acesso não permitido')
  t.equal(pt.newTicket.queueRequired, 'Selecione uma fila')
  t.equal(pt.errors.ERR_QUEUE_REQUIRED, 'Selecione uma fila')
  t.same([pt.narrow.ticket, pt.narrow.list, pt.narrow.select], ['Ticket', 'Atendimentos', 'Selecionar Ticket'])
  t.same([pt.tabs.assigned, pt.tabs.pending], ['Atendendo', 'Aguardando'])
})

t.test('the conversation\'s own texts: the same keys in pt, en and es, every plural with its zero form', async (t) => {
  const [cpt, cen, ces] = await Promise.all(['pt', 'en', 'es'].map(async (l) => (await import(`./conversation/locales/${l}.json`, { with: { type: 'json' } })).default))
  t.same(keys(cen).sort(), keys(cpt).sort())
  t.same(keys(ces).sort(), keys(cpt).sort())
  // Portuguese reads 0 as singular ("0 arquivo"): a plural needs its zero form (the shell's and modules' are checked
  // by the conformance kit; this bundle is the conversation's own)
  for (const bundle of [cpt, cen, ces]) {
    const all = new Set(keys(bundle))
    t.same([...all].filter((k) => k.endsWith('_one') && !all.has(`${k.slice(0, -4)}_zero`)), [])
  }
})
