import { Mp3Encoder } from '@breezystack/lamejs'
import { AUDIO_BITS_PER_SECOND } from './audio-rules.ts'

/** MP3 (MPEG-1 Layer III) sample rates; the recording is decoded at this one. */
export const MP3_SAMPLE_RATE = 44_100
const FRAME_SAMPLES = 1152

/** Float samples (-1..1) as 16-bit PCM, clipped. */
function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

/** The channels mixed down to one: a voice note is mono. */
export function mixDown(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]
  const out = new Float32Array(channels[0].length)
  for (const channel of channels) for (let i = 0; i < out.length; i++) out[i] += channel[i] / channels.length
  return out
}

/** Mono samples as an MP3 at the spec's 128 kbit/s (lamejs: LAME in plain JavaScript, no download, no server). */
export function encodeMp3(samples: Float32Array, sampleRate = MP3_SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const encoder = new Mp3Encoder(1, sampleRate, AUDIO_BITS_PER_SECOND / 1000)
  const pcm = toInt16(samples)
  const parts: Uint8Array[] = []
  for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + FRAME_SAMPLES)))
  parts.push(encoder.flush())
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * A browser recording (WebM/Opus, Ogg, MP4: no browser records MP3) as an MP3 file: decoded by the browser at
 * 44.1 kHz, mixed to mono, encoded at 128 kbit/s, so it plays on any phone.
 */
export async function recordingToMp3(recording: Blob, name: string): Promise<File> {
  const context = new AudioContext({ sampleRate: MP3_SAMPLE_RATE })
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer())
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i))
    return new File([encodeMp3(mixDown(channels), audio.sampleRate)], name, { type: 'audio/mpeg' })
  } finally {
    void context.close()
  }
}
