import t from 'tap'
import { encodeMp3, mixDown, MP3_SAMPLE_RATE } from './mp3-encoder.ts'
import { readMp3 } from './mp3-frames.ts'
import { keepRecording } from './audio-rules.ts'

const tone = (seconds: number, hz = 440, rate = MP3_SAMPLE_RATE) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => 0.4 * Math.sin((2 * Math.PI * hz * i) / rate))

t.test('a recording becomes an MP3 at 128 kbit/s, 44.1 kHz, as long as it was', async (t) => {
  const mp3 = encodeMp3(tone(2))
  const info = readMp3(mp3)!
  t.ok(info, 'MPEG-1 Layer III frames from the first byte')
  t.same(info.bitratesKbps, [128], 'every frame at 128 kbit/s')
  t.equal(info.sampleRate, 44_100)
  t.ok(Math.abs(info.durationSeconds - 2) < 0.1, `duration ${info.durationSeconds.toFixed(3)} s`)
  t.ok(mp3.length >= 10_000 && keepRecording(mp3.length), `${mp3.length} bytes: kept (at least 10,000)`)
  t.ok(Math.abs(mp3.length * 8 / info.durationSeconds / 1000 - 128) < 3, 'the size matches the bitrate')
})

t.test('under 10,000 bytes a voice note is discarded, as the spec says', async (t) => {
  const mp3 = encodeMp3(tone(0.4))
  t.ok(readMp3(mp3))
  t.notOk(keepRecording(mp3.length), `${mp3.length} bytes`)
})

t.test('stereo is mixed down to mono; loud samples are clipped, not wrapped', async (t) => {
  t.same([...mixDown([Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])])], [0.5, 0])
  const loud = encodeMp3(Float32Array.from({ length: MP3_SAMPLE_RATE }, () => 3))
  t.same(readMp3(loud)?.bitratesKbps, [128])
})

t.test('not an MP3: no frames', async (t) => {
  t.equal(readMp3(new TextEncoder().encode('OggS not an mp3')), null)
  t.equal(readMp3(new Uint8Array(0)), null)
})
