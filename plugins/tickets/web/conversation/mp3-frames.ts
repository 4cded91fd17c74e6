/** What an MP3 file's frame headers say: the tests' proof of what a voice note is, byte by byte. */
export interface Mp3Info {
  /** The bitrates found, in kbit/s (one value for a constant-bitrate file). */
  bitratesKbps: number[]
  sampleRate: number
  frames: number
  durationSeconds: number
}

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const SAMPLE_RATES = [44_100, 48_000, 32_000]

/** Skips an ID3v2 tag (10-byte header, syncsafe size). */
function audioStart(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0
  return 10 + ((bytes[6] & 0x7f) << 21 | (bytes[7] & 0x7f) << 14 | (bytes[8] & 0x7f) << 7 | (bytes[9] & 0x7f))
}

/** Walks the MPEG-1 Layer III frames from the first header; null when the bytes do not start as such an MP3. */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  let at = audioStart(bytes)
  const bitrates = new Set<number>()
  let frames = 0
  let sampleRate = 0
  while (at + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]]
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) break
    // 0xFB / 0xFA: MPEG-1, Layer III (with or without CRC).
    if ((b1 & 0x1e) !== 0x1a) return null
    const kbps = BITRATES_KBPS[b2 >> 4]
    const rate = SAMPLE_RATES[(b2 >> 2) & 0x3]
    if (!kbps || !rate) break
    sampleRate = rate
    bitrates.add(kbps)
    frames++
    at += Math.floor((144 * kbps * 1000) / rate) + ((b2 >> 1) & 1)
  }
  if (!frames) return null
  return { bitratesKbps: [...bitrates].sort((a, b) => a - b), sampleRate, frames, durationSeconds: (frames * 1152) / sampleRate }
}
