import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The API the dev server forwards `/api` to: `pnpm --filter @templet/server dev` listens on 3000. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    // scripts/size.mjs follows the manifest to sum what a route loads first.
    manifest: !isSsrBuild,
    target: 'es2022',
    // The pre-render build (src/prerender.tsx) only produces markup; the files of public/ are the client's.
    copyPublicDir: !isSsrBuild,
  },
}))
