import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@blueprintjs/core/lib/css/blueprint.css'
import '@blueprintjs/icons/lib/css/blueprint-icons.css'
import './styles/base.css'
import './styles/brand.css'
import './styles/shell.css'
import './styles/pages.css'
import { initI18n } from './i18n/i18n.ts'
import './realtime/realtime.ts'
import { bootstrapSession } from './session/session-service.ts'
import { loadModuleTranslations } from './modules/registry.ts'
import { initPreferences } from './ui/preferences.ts'
import { translateCloseButtons } from './ui/close-labels.ts'
import { App } from './App.tsx'
import { initPwa } from './pwa/init.ts'

async function start(): Promise<void> {
  const i18n = await initI18n()
  initPreferences()
  initPwa()
  translateCloseButtons(i18n)
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  await Promise.all([loadModuleTranslations(i18n.language as 'pt'), bootstrapSession()])
}

void start()
