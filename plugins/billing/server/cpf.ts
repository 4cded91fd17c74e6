/**
 * A Brazilian CPF: 11 digits, not all the same, and two check digits (each the weighted sum of the digits before it,
 * weights counting down to 2, times 10 mod 11, 10 reading 0). Shared by the server's check and the web form.
 */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false
  const digits = [...value].map(Number)
  const check = (count: number) => {
    const sum = digits.slice(0, count).reduce((acc, d, i) => acc + d * (count + 1 - i), 0)
    return ((sum * 10) % 11) % 10
  }
  return check(9) === digits[9] && check(10) === digits[10]
}

/** Digits only, at most `max` of them: what the CPF, zip code and number fields keep. */
export const digitsOnly = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max)
