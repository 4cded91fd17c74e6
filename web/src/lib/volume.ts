/** Spec: the notification volume goes from 0 to 1 in steps of 0.1, default 1. */
export function clampVolume(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN
  if (!Number.isFinite(n)) return 1
  return Math.round(Math.min(1, Math.max(0, n)) * 10) / 10
}
