import type { FormOption, FormOptionField, WebModule } from './types.ts'

let sources: readonly WebModule[] = []

/** Set once by the registry: kept apart from it so the plugin kit (sdk.ts) loads options without every module. */
export function setFormOptionSources(modules: readonly WebModule[]): void {
  sources = modules
}

/**
 * The choices a module offers for a form's field (the user form's queues, a connection's prompt), or null when no
 * installed module offers them or they could not be read: the form then leaves the field out.
 */
export async function loadFormOptions(field: FormOptionField): Promise<FormOption[] | null> {
  const source = sources.find((m) => m.formOptions?.[field])?.formOptions?.[field]
  if (!source) return null
  try {
    return await (await source()).default()
  } catch {
    return null
  }
}
