/** Spec: recorded audio goes out as MP3 at 128 kbps; recordings under 10000 bytes are discarded. */
export const AUDIO_BITS_PER_SECOND = 128_000
export const MIN_AUDIO_BYTES = 10_000

export const keepRecording = (size: number): boolean => size >= MIN_AUDIO_BYTES

/**
 * Browsers record different containers (none records MP3 natively today): the first one supported wins; what is
 * sent is MP3 either way (mp3-encoder.ts).
 */
export const RECORDING_TYPES: string[] = [
  'audio/mpeg',
  'audio/ogg;codecs=opus',
  'audio/mp4',
  'audio/webm;codecs=opus',
  'audio/webm',
]

export function pickRecordingType(isSupported: (mime: string) => boolean): string | null {
  return RECORDING_TYPES.find((mime) => isSupported(mime)) ?? null
}

/** mm:ss of a recording in progress. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** The text key of a failure to start recording: the browser's own messages are English and technical. */
export function microphoneErrorKey(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'audio.micDenied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'audio.micMissing'
  if (name === 'NotReadableError' || name === 'AbortError') return 'audio.micBusy'
  return 'audio.unsupported'
}
