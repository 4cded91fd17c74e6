let ctx: AudioContext | null = null

/** A short two-tone chime at the stored volume; silent when the browser blocks audio before a click. */
export function playChime(volume: number): void {
  if (volume <= 0 || typeof AudioContext === 'undefined') return
  try {
    ctx ??= new AudioContext()
    if (ctx.state === 'suspended') return
    const now = ctx.currentTime
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.frequency.value = freq
      gain.gain.setValueAtTime(0.0001, now + i * 0.12)
      gain.gain.exponentialRampToValueAtTime(0.25 * volume, now + i * 0.12 + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25)
      osc.connect(gain).connect(ctx.destination)
      osc.start(now + i * 0.12)
      osc.stop(now + i * 0.12 + 0.3)
    }
  } catch {
    // audio is a nicety; never let it break a notification
  }
}

/**
 * Browsers keep audio suspended until the user interacts with the page: the first click or key of the visit wakes
 * it, so a chime can play later, including in a hidden tab.
 */
export function unlockChimeOnFirstGesture(): void {
  if (typeof AudioContext === 'undefined') return
  const wake = () => {
    removeEventListener('pointerdown', wake)
    removeEventListener('keydown', wake)
    try {
      ctx ??= new AudioContext()
      void ctx.resume().catch(() => undefined)
    } catch {
      // no audio: the chime stays silent
    }
  }
  addEventListener('pointerdown', wake)
  addEventListener('keydown', wake)
}
