import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { catalogueHost } from './catalogue-host'

/**
 * The catalogue workflow's dev server (`pnpm --filter @templet/catalogue-designer design`): the designer on a catalogue file,
 * served on the loopback only. Not part of any build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), catalogueHost()],
  server: { host: '127.0.0.1', strictPort: true, allowedHosts: ['localhost', '127.0.0.1'] },
  // Pre-bundled up front: discovering them mid-session makes Vite reload the page under the author.
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime'] },
})
