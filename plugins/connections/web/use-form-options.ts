import { useEffect, useState } from 'react'
import { api, hasRoute } from '@zapdesk/plugin-api/web'
import { DEFAULT_PROVIDER, type Option, type Provider } from './types.ts'

export interface FormOptions {
  providers: Provider[]
  /** null: no queues module here, the fields are hidden. */
  queues: Option[] | null
  /** null: no prompts module (or its API answered 404), the field is hidden. */
  prompts: Option[] | null
}

const FALLBACK: Provider[] = [{ provider: DEFAULT_PROVIDER, label: 'WhatsApp' }]

/** Lists answer either as an array or wrapped (`{ queues }`, `{ prompts }`): take whichever came. */
function listOf(answer: unknown, key: string): Option[] {
  const list = Array.isArray(answer) ? answer : (answer as Record<string, unknown> | null)?.[key]
  return Array.isArray(list) ? (list as Option[]) : []
}

/**
 * What the connection form offers: drivers, queues and prompts. Queues and prompts come from their own modules; while
 * those are not installed (or their API is missing) the form simply has no such fields.
 */
export function useFormOptions(open: boolean): FormOptions {
  const [options, setOptions] = useState<FormOptions>({ providers: FALLBACK, queues: null, prompts: null })
  useEffect(() => {
    if (!open) return
    let live = true
    const providers = api.get<Provider[]>('/whatsapp/providers').then((p) => (p.length ? p : FALLBACK), () => FALLBACK)
    const queues = hasRoute('/queues') ? api.get<unknown>('/queue').then((a) => listOf(a, 'queues'), () => null) : Promise.resolve(null)
    const prompts = hasRoute('/prompts') ? api.get<unknown>('/prompt').then((a) => listOf(a, 'prompts'), () => null) : Promise.resolve(null)
    Promise.all([providers, queues, prompts]).then(([p, q, pr]) => live && setOptions({ providers: p, queues: q, prompts: pr }))
    return () => {
      live = false
    }
  }, [open])
  return options
}
