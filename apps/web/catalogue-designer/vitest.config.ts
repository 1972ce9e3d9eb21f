import { defineConfig } from 'vitest/config'

/**
 * The catalogue workflow's tests, in Node: they read and write the catalogue's files (the app's own tests run
 * in Chromium, where there are none).
 */
export default defineConfig({
  test: {
    name: 'catalogue-designer',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
})
