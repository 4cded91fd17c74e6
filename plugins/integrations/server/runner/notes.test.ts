import t from 'tap'
import { noteOf, type HandBackReason } from './notes.ts'

const REASONS: HandBackReason[] = ['flowEnded', 'keyword', 'conversationEnded', 'asked', 'deliveryFailed', 'error', 'incomplete']
const WITH_DETAIL: HandBackReason[] = ['keyword', 'deliveryFailed', 'error']

t.test('every hand-back reason has a note in pt, en and es naming the integration (and the detail where it matters)', async (t) => {
  const integration = { name: 'Pedidos', type: 'webhook' as const }
  for (const language of ['pt', 'en', 'es']) {
    const notes = REASONS.map((reason) => noteOf({ integration, reason, detail: 'timeout: 15000 ms' }, language))
    t.equal(new Set(notes).size, REASONS.length, `${language}: one text per reason`)
    for (const [i, note] of notes.entries()) {
      t.match(note, /webhook "Pedidos"/, `${language} ${REASONS[i]} names the integration`)
      t.equal(note.includes('timeout: 15000 ms'), WITH_DETAIL.includes(REASONS[i]), `${language} ${REASONS[i]} detail`)
    }
  }
  t.not(noteOf({ integration, reason: 'asked' }, 'en'), noteOf({ integration, reason: 'asked' }, 'es'))
})

t.test('Portuguese when the language is unknown; the kind as agents know it; a long detail is cut', async (t) => {
  const typebot = { name: 'Boas-vindas', type: 'typebot' as const }
  t.equal(noteOf({ integration: typebot, reason: 'flowEnded' }, 'fr'), noteOf({ integration: typebot, reason: 'flowEnded' }))
  t.match(noteOf({ integration: typebot, reason: 'flowEnded' }), /^A integração Typebot "Boas-vindas" chegou ao fim do fluxo/)
  t.match(noteOf({ integration: { name: 'Bot', type: 'dialogflow' }, reason: 'conversationEnded' }, 'en'), /^The Dialogflow "Bot" integration/)
  const long = noteOf({ integration: typebot, reason: 'error', detail: 'x'.repeat(1000) })
  t.ok(long.length < 450, `${long.length} characters`)
})
