import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import fs from 'node:fs'
import { thirdPartyModules } from './third-party-modules.ts'
import { serviceWorker } from './pwa/sw-plugin.ts'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = path.resolve(webRoot, '..')
// The same .env the server reads, so ZAPDESK_PLUGINS names the same plugins on both sides.
if (fs.existsSync(path.join(repoRoot, '.env'))) process.loadEnvFile(path.join(repoRoot, '.env'))

/** Where the dev server and `vite preview` send /api (HTTP and websocket). */
const apiTarget = process.env.ZAPDESK_API ?? 'http://localhost:8080'
const proxy = { '/api': { target: apiTarget, changeOrigin: true, ws: true } }

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [thirdPartyModules(repoRoot), react(), serviceWorker(path.join(webRoot, 'pwa/sw.ts'), path.join(webRoot, 'public'))],
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
