import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { WebRoute } from '../modules/types.ts'
import { PageSpinner } from '../ui/PageSpinner.tsx'
import { ErrorBoundary } from './ErrorBoundary.tsx'

const cache = new Map<WebRoute['lazy'], LazyExoticComponent<ComponentType>>()

function componentFor(route: WebRoute): LazyExoticComponent<ComponentType> {
  let component = cache.get(route.lazy)
  if (!component) {
    component = lazy(route.lazy as () => Promise<{ default: ComponentType }>)
    cache.set(route.lazy, component)
  }
  return component
}

export function LazyPage({ route }: { route: WebRoute }) {
  const Page = componentFor(route)
  return (
    <ErrorBoundary resetKey={route.path}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}
