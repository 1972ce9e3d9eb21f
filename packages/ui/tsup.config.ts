import { readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

// One entry per component, read from package.json's `exports` (`"./button": "./dist/button/index.js"` is
// built from src/button/index.ts), so every subpath an app imports exists and nothing else is an entry.
// An app that imports only NotificationBell bundles only its files: with `sideEffects` declared, bundlers
// drop the modules nothing imports (one big file could not be split).
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, string | { import: string }>
}
const entries = Object.values(pkg.exports)
  .map((target) => (typeof target === 'string' ? target : target.import))
  .filter((file) => file.endsWith('/index.js'))
  .map((file) => file.replace('./dist/', 'src/').replace(/\.js$/, '.ts'))

export default defineConfig({
  entry: entries,
  splitting: true,
  format: ['esm'],
  dts: true,
  sourcemap: true,
  // scripts/clean.mjs has emptied dist/ already (tsup's own `clean` runs per format, after the CSS step).
  target: 'es2022',
  // React comes from the app; radix-ui, cva, clsx and lucide stay external as normal dependencies.
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Next.js App Router: the components use state and effects, so the bundle is a client module.
  banner: { js: "'use client';" },
})
