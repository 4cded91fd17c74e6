import { lazy, type ComponentType } from 'react'

const components = new Map<string, ComponentType>()

/** A module's lazy component, made once per key (a new lazy() each render would remount it). */
export function lazyOnce(key: string, load: () => Promise<{ default: unknown }>): ComponentType {
  let component = components.get(key)
  if (!component) {
    component = lazy(load as () => Promise<{ default: ComponentType }>)
    components.set(key, component)
  }
  return component
}
