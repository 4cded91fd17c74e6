import { Provider } from 'jotai'
import { BlueprintProvider } from '@blueprintjs/core'
import { appStore } from './session/session-atoms.ts'
import { AppRouter } from './routing/AppRouter.tsx'
import { PwaStatus } from './pwa/PwaStatus.tsx'

export function App() {
  return (
    <Provider store={appStore}>
      <BlueprintProvider>
        <PwaStatus />
        <AppRouter />
      </BlueprintProvider>
    </Provider>
  )
}
