import { useEffect, useState } from 'react'
import { api, loadFormOptions, type FormOption } from '@zapdesk/plugin-api/web'
import { DEFAULT_PROVIDER, type Provider } from './types.ts'

export interface FormOptions {
  providers: Provider[]
  /** null: no module offers queues here, the fields are hidden. */
  queues: FormOption[] | null
  /** null: no module offers prompts (or they could not be read), the field is hidden. */
  prompts: FormOption[] | null
  /** The same for queue integrations. */
  integrations: FormOption[] | null
}

const FALLBACK: Provider[] = [{ provider: DEFAULT_PROVIDER, label: 'WhatsApp' }]

/**
 * What the connection form offers: drivers, queues, prompts and integrations. Queues and prompts belong to their own modules
 * (their web manifests' formOptions); while those are not installed the form simply has no such fields.
 */
export function useFormOptions(open: boolean): FormOptions {
  const [options, setOptions] = useState<FormOptions>({ providers: FALLBACK, queues: null, prompts: null, integrations: null })
  useEffect(() => {
    if (!open) return
    let live = true
    const providers = api.get<Provider[]>('/whatsapp/providers').then((p) => (p.length ? p : FALLBACK), () => FALLBACK)
    Promise.all([providers, loadFormOptions('connection.queueIds'), loadFormOptions('connection.promptId'), loadFormOptions('connection.integrationId')])
      .then(([p, q, pr, ig]) => live && setOptions({ providers: p, queues: q, prompts: pr, integrations: ig }))
    return () => {
      live = false
    }
  }, [open])
  return options
}
