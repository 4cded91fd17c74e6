import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { useAtomValue } from 'jotai'
import { accessAtom } from '../session/session-atoms.ts'
import { allowedModules } from '../modules/gating.ts'
import { modules } from '../modules/registry.ts'

const components = new Map<string, ComponentType>()

/** A module's top-bar control, made lazy once (a new lazy() each render would remount it). */
function controlOf(name: string, load: () => Promise<{ default: unknown }>): ComponentType {
  let component = components.get(name)
  if (!component) {
    component = lazy(load as () => Promise<{ default: ComponentType }>)
    components.set(name, component)
  }
  return component
}

/** The top-bar controls of the modules the company may use (see WebModule.topBar), in their order. */
export function ModuleTopBarItems() {
  const ctx = useAtomValue(accessAtom)
  const active = useMemo(
    () => (ctx ? allowedModules(modules, ctx).filter((m) => m.topBar).sort((a, b) => a.topBar!.order - b.topBar!.order) : []),
    [ctx],
  )
  return (
    <Suspense fallback={null}>
      {active.map((m) => {
        const Control = controlOf(m.name, m.topBar!.component)
        return <Control key={m.name} />
      })}
    </Suspense>
  )
}
