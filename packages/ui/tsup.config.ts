import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
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
