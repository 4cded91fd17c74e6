/** What the postal-code lookup fills in (the spec reads localidade, uf, logradouro, bairro). */
export interface Address { city: string; state: string; street: string; neighborhood: string }

const LOOKUP_URL = 'https://viacep.com.br/ws/'

/**
 * Looks an 8-digit CEP up from the browser (the spec's lookup service). Offline, slow or unknown: null, and the
 * form stays as it is for the user to type the address.
 */
export async function lookupZipcode(cep: string, fetcher: typeof fetch = fetch): Promise<Address | null> {
  if (!/^\d{8}$/.test(cep)) return null
  try {
    const res = await fetcher(`${LOOKUP_URL}${cep}/json/`, { signal: AbortSignal.timeout(4000) })
    if (!res.ok) return null
    const data = await res.json() as { erro?: unknown; localidade?: string; uf?: string; logradouro?: string; bairro?: string }
    if (data.erro) return null
    return { city: data.localidade ?? '', state: data.uf ?? '', street: data.logradouro ?? '', neighborhood: data.bairro ?? '' }
  } catch {
    return null
  }
}
