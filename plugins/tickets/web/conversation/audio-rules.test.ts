import t from 'tap'
import { formatDuration, keepRecording, microphoneErrorKey, pickRecordingType } from './audio-rules.ts'

t.test('recordings under 10000 bytes are discarded', async (t) => {
  t.equal(keepRecording(9_999), false)
  t.equal(keepRecording(10_000), true)
})

t.test('the recording type follows what the browser supports', async (t) => {
  t.same(pickRecordingType((m) => m.startsWith('audio/webm')), 'audio/webm;codecs=opus')
  t.same(pickRecordingType((m) => m === 'audio/mpeg' || m === 'audio/webm'), 'audio/mpeg')
  t.equal(pickRecordingType(() => false), null)
})

t.test('duration as mm:ss', async (t) => {
  t.equal(formatDuration(0), '00:00')
  t.equal(formatDuration(75.6), '01:15')
})

t.test('a microphone that cannot start says why in the user\'s language, not the browser\'s', async (t) => {
  const err = (name: string) => Object.assign(new Error('x'), { name })
  t.equal(microphoneErrorKey(err('NotAllowedError')), 'audio.micDenied')
  t.equal(microphoneErrorKey(err('NotFoundError')), 'audio.micMissing')
  t.equal(microphoneErrorKey(err('NotReadableError')), 'audio.micBusy')
  t.equal(microphoneErrorKey(new Error('MediaRecorder is not available in this browser')), 'audio.unsupported')
})
