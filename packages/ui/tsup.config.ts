import { existsSync, readdirSync } from 'node:fs'
import { defineConfig } from 'tsup'

// One entry per component folder, so an app that imports only NotificationBell bundles only its files:
// with `sideEffects` declared, bundlers drop the modules nothing imports (one big file could not be split).
const componentEntries = readdirSync('src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'demo')
  .map((entry) => `src/${entry.name}/index.ts`)
  .filter((file) => existsSync(file))

export default defineConfig({
  entry: ['src/index.ts', ...componentEntries],
  splitting: true,
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // React comes from the app; radix-ui, sonner, cva and the rest stay external as normal dependencies.
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Next.js App Router: the components use state and effects, so the bundle is a client module.
  banner: { js: "'use client';" },
})
