import { Suspense, useMemo } from 'react'
import { useAtomValue } from 'jotai'
import { accessAtom } from '../session/session-atoms.ts'
import { allowedModules } from '../modules/gating.ts'
import { modules } from '../modules/registry.ts'
import { lazyOnce } from './lazy-once.ts'

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
        const Control = lazyOnce(`topBar:${m.name}`, m.topBar!.component)
        return <Control key={m.name} />
      })}
    </Suspense>
  )
}
