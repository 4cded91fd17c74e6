/** Spec: recorded audio goes out as MP3 at 128 kbps; recordings under 10000 bytes are discarded. */
export const AUDIO_BITS_PER_SECOND = 128_000
export const MIN_AUDIO_BYTES = 10_000

export const keepRecording = (size: number): boolean => size >= MIN_AUDIO_BYTES

/**
 * Browsers record different containers (none records MP3 natively): the first one supported wins, and the file
 * extension follows it so the server stores and serves the right type.
 */
export const RECORDING_TYPES: { mime: string; ext: string }[] = [
  { mime: 'audio/mpeg', ext: 'mp3' },
  { mime: 'audio/ogg;codecs=opus', ext: 'ogg' },
  { mime: 'audio/mp4', ext: 'm4a' },
  { mime: 'audio/webm;codecs=opus', ext: 'webm' },
  { mime: 'audio/webm', ext: 'webm' },
]

export function pickRecordingType(isSupported: (mime: string) => boolean): { mime: string; ext: string } | null {
  return RECORDING_TYPES.find((t) => isSupported(t.mime)) ?? null
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
