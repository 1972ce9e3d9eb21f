import { defineConfig } from 'tsup'

export default defineConfig({
  // The render thread's script is its own entry: a worker process starts it from beside its main module.
  entry: ['src/main.ts', 'src/render-thread.js'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  // Dependencies (including @templet/api, @templet/catalogue, @templet/fonts, @templet/render and
  // @templet/template) stay external and load from node_modules at run time; the native ones are named too, so a move into
  // devDependencies can never pull them into the bundle.
  external: [
    'sharp',
    '@napi-rs/canvas',
    'better-sqlite3',
    '@node-rs/argon2',
    '@templet/catalogue',
    '@templet/fonts',
    '@templet/render',
    '@templet/template',
  ],
})
