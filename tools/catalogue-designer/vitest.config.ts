import { defineConfig } from 'vitest/config'

/** The catalogue workflow's tests, in Node: they read and write the catalogue's files. */
export default defineConfig({
  test: {
    name: 'catalogue-designer',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
})
