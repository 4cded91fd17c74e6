import t from 'tap'
import { botWorld, settled } from '../test-support/world.ts'

const VOICE_NOTE = Buffer.from('OggS\u0000\u0002fake-opus-voice-note').toString('base64')

t.test('a voice note is transcribed through the provider and the model reads the transcription', async (t) => {
  const w = await botWorld(t)
  w.fake.transcription = 'Vocês abrem no sábado?'
  w.fake.script({ reply: 'Abrimos sim, das 9h às 13h.' })
  await w.send('', { mediaType: 'ptt', mediaBase64: VOICE_NOTE })
  await settled(w, async () => (await w.messages()).length === 2, 'the answer')
  const transcription = w.fake.requests.find((r) => r.path === '/v1/audio/transcriptions')
  t.ok(transcription, 'the transcription endpoint was called')
  t.equal(transcription!.headers.authorization, 'Bearer sk-test-123')
  t.match(transcription!.headers['content-type'], /^multipart\/form-data/)
  t.match(transcription!.body, /name="model"\r\n\r\nwhisper-1/)
  t.match(transcription!.body, /name="file"; filename=".+"/)
  t.match(transcription!.body, /fake-opus-voice-note/, 'the stored voice note itself')
  t.same(w.chats()[0].json!.messages!.at(-1), { role: 'user', content: 'Vocês abrem no sábado?' })

  const off = await botWorld(t, { transcribeAudio: false })
  await off.send('', { mediaType: 'ptt', mediaBase64: VOICE_NOTE })
  await settled(off, async () => off.chats().length === 1, 'the call')
  t.notOk(off.fake.requests.some((r) => r.path.endsWith('/audio/transcriptions')), 'not transcribed when the prompt does not ask for it')
  t.same(off.chats()[0].json!.messages!.at(-1), { role: 'user', content: '[audio]' })
})

t.test('a failed transcription falls to the agents with a note, the voice note kept', async (t) => {
  const w = await botWorld(t)
  w.fake.transcription = ''
  await w.send('', { mediaType: 'ptt', mediaBase64: VOICE_NOTE })
  await settled(w, async () => (await w.notes()).length === 1, 'the note')
  t.match((await w.notes())[0], /falhou \(the transcription is empty\)/)
  t.same((await w.media()).map((m) => [m[0], m[2]]), [[false, 'audio']])
  t.equal(w.chats().length, 0)
})

t.test('a neural voice answers with a voice note from the speech service; text when speech fails, with a note', async (t) => {
  const w = await botWorld(t, { voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-1', voiceRegion: 'brazilsouth' })
  w.fake.script({ reply: 'Olá! Como posso ajudar?' }, { reply: 'Certo, anotado.' })
  await w.send('Oi')
  await settled(w, async () => (await w.media()).length === 2, 'the voice answer')
  t.same((await w.media())[1], [true, 'Olá! Como posso ajudar?', 'audio'], 'a voice note, with its text for the agents')
  const speech = w.fake.requests.find((r) => r.path.endsWith('/cognitiveservices/v1'))
  t.equal(speech?.path, '/speech/brazilsouth/cognitiveservices/v1', 'the prompt\'s region')
  t.equal(speech?.headers['ocp-apim-subscription-key'], 'azure-key-1', 'the voice key, opened for the call')
  t.match(speech?.headers['content-type'], 'application/ssml+xml')
  t.match(Buffer.from(speech!.body, 'latin1').toString('utf8'), /<voice name="pt-BR-FranciscaNeural">Olá! Como posso ajudar\?<\/voice>/)

  w.fake.speechStatus = 401
  await w.send('Quero reservar')
  await settled(w, async () => (await w.media()).length === 4, 'the text answer')
  t.same((await w.media())[3], [true, 'Certo, anotado.', 'chat'], 'the text goes anyway')
  t.match((await w.notes())[0], /não pôde responder em áudio \(HTTP 401: speech refused\)/)
})
