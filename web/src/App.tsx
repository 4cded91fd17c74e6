import { Provider } from 'jotai'
import { BlueprintProvider } from '@blueprintjs/core'
import { appStore } from './session/session-atoms.ts'
import { AppRouter } from './routing/AppRouter.tsx'

export function App() {
  return (
    <Provider store={appStore}>
      <BlueprintProvider>
        <AppRouter />
      </BlueprintProvider>
    </Provider>
  )
}
