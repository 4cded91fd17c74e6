import { Suspense, useMemo } from 'react'
import { useAtomValue } from 'jotai'
import { accessAtom } from '../session/session-atoms.ts'
import { allowedModules } from '../modules/gating.ts'
import { modules } from '../modules/registry.ts'
import { lazyOnce } from './lazy-once.ts'

/** Keeps mounted the background components of the modules the company may use (see WebModule.background). */
export function ModuleBackgrounds() {
  const ctx = useAtomValue(accessAtom)
  const active = useMemo(() => (ctx ? allowedModules(modules, ctx).filter((m) => m.background) : []), [ctx])
  return (
    <Suspense fallback={null}>
      {active.map((m) => {
        const Background = lazyOnce(`background:${m.name}`, m.background!)
        return <Background key={m.name} />
      })}
    </Suspense>
  )
}
