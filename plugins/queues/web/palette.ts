/**
 * The preset queue colours: 10 hues in 5 shades (50 swatches), computed rather than listed so the set stays
 * evenly spread. Hex, lowercase, as the server stores colours.
 */
const HUES = [0, 25, 45, 95, 145, 175, 200, 225, 265, 320]
const SHADES = [
  { s: 70, l: 32 },
  { s: 65, l: 42 },
  { s: 60, l: 52 },
  { s: 65, l: 64 },
  { s: 70, l: 76 },
]

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const channel = (n: number) => {
    const k = (n + h / 30) % 12
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(v * 255).toString(16).padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

export const PALETTE: string[] = SHADES.flatMap(({ s, l }) => HUES.map((h) => hslToHex(h, s, l)))

/** The first preset no other queue uses (colours are unique per company). */
export function freeColor(taken: string[]): string {
  const used = new Set(taken.map((c) => c.toLowerCase()))
  return PALETTE.find((c) => !used.has(c)) ?? PALETTE[0]
}
