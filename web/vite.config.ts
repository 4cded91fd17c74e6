import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import fs from 'node:fs'
import { thirdPartyModules } from './third-party-modules.ts'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = path.resolve(webRoot, '..')
const pluginApiShim = path.join(webRoot, 'src/modules/plugin-api-shim.ts')
const sdk = path.join(webRoot, 'src/sdk.ts')
// The same .env the server reads, so ZAPDESK_PLUGINS names the same plugins on both sides.
if (fs.existsSync(path.join(repoRoot, '.env'))) process.loadEnvFile(path.join(repoRoot, '.env'))

/**
 * Plugin web modules import `defineWebModule` from core/plugin-api/index.ts, which also re-exports server code
 * (database models, Fastify helpers). In the browser bundle that import is pointed at a tiny shim instead.
 */
function pluginApiForBrowser(): Plugin {
  return {
    name: 'zapdesk-plugin-api-shim',
    enforce: 'pre',
    async resolveId(source, importer) {
      // Packaged plugins import the contract by name: the web half of it is the shim and the shell's sdk.
      if (source === '@zapdesk/plugin-api') return pluginApiShim
      if (source === '@zapdesk/plugin-api/web') return sdk
      if (!importer || !/core\/plugin-api(\/index(\.ts)?)?$/.test(source)) return null
      const resolved = path.resolve(path.dirname(importer), source)
      const target = path.join(repoRoot, 'core/plugin-api')
      if (resolved === target || resolved.startsWith(target + path.sep + 'index')) return pluginApiShim
      return null
    },
  }
}

/** Where the dev server and `vite preview` send /api (HTTP and websocket). */
const apiTarget = process.env.ZAPDESK_API ?? 'http://localhost:8080'
const proxy = { '/api': { target: apiTarget, changeOrigin: true, ws: true } }

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [pluginApiForBrowser(), thirdPartyModules(repoRoot), react()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy,
  },
  preview: { proxy },
})
