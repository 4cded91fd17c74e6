import t from 'tap'
import { formatDuration, keepRecording, pickRecordingType } from './audio-rules.ts'

t.test('recordings under 10000 bytes are discarded', async (t) => {
  t.equal(keepRecording(9_999), false)
  t.equal(keepRecording(10_000), true)
})

t.test('the recording type follows what the browser supports', async (t) => {
  t.same(pickRecordingType((m) => m.startsWith('audio/webm')), { mime: 'audio/webm;codecs=opus', ext: 'webm' })
  t.same(pickRecordingType((m) => m === 'audio/mpeg' || m === 'audio/webm'), { mime: 'audio/mpeg', ext: 'mp3' })
  t.equal(pickRecordingType(() => false), null)
})

t.test('duration as mm:ss', async (t) => {
  t.equal(formatDuration(0), '00:00')
  t.equal(formatDuration(75.6), '01:15')
})
