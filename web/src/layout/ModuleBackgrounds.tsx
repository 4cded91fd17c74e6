import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { useAtomValue } from 'jotai'
import { accessAtom } from '../session/session-atoms.ts'
import { allowedModules } from '../modules/gating.ts'
import { modules } from '../modules/registry.ts'

const components = new Map<string, ComponentType>()

/** A module's background component, made lazy once (a new lazy() each render would remount it). */
function backgroundOf(name: string, load: () => Promise<{ default: unknown }>): ComponentType {
  let component = components.get(name)
  if (!component) {
    component = lazy(load as () => Promise<{ default: ComponentType }>)
    components.set(name, component)
  }
  return component
}

/** Keeps mounted the background components of the modules the company may use (see WebModule.background). */
export function ModuleBackgrounds() {
  const ctx = useAtomValue(accessAtom)
  const active = useMemo(() => (ctx ? allowedModules(modules, ctx).filter((m) => m.background) : []), [ctx])
  return (
    <Suspense fallback={null}>
      {active.map((m) => {
        const Background = backgroundOf(m.name, m.background!)
        return <Background key={m.name} />
      })}
    </Suspense>
  )
}
